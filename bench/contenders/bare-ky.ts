import ky from "ky";
import { BENCH_API_KEY, BENCH_ITEM_ID } from "./bench-credentials.js";

/** Bare ky with its defaults: one instance with the base path and auth header, then `.json()`. */
export function bareKyPostline(origin: string) {
  const api = ky.create({
    prefix: `${origin}/api/v1/`,
    headers: { authorization: `Bearer ${BENCH_API_KEY}` },
  });
  return {
    get: () => api.get(`content/${BENCH_ITEM_ID}`).json(),
    listPage: (query: string) => api.get(`content?${query}`).json(),
  };
}
