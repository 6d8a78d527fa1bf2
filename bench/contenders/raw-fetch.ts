import { BENCH_API_KEY, BENCH_ITEM_ID } from "./bench-credentials.js";

/** The floor: `fetch` + `JSON.parse`, with the status check every client needs. */
async function fetchJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${url}`);
  return JSON.parse(text);
}

/** Raw-fetch calls to the Postline routes, with the same headers the SDK sends. */
export function rawFetchPostline(origin: string) {
  const headers = { authorization: `Bearer ${BENCH_API_KEY}`, accept: "application/json" };
  const base = `${origin}/api/v1`;
  return {
    get: () => fetchJson(`${base}/content/${BENCH_ITEM_ID}`, headers),
    listPage: (query: string) => fetchJson(`${base}/content?${query}`, headers),
  };
}

/** Raw-fetch calls to the OpenAI model routes, as the peer's own floor. */
export function rawFetchOpenAi(origin: string) {
  const headers = { authorization: `Bearer ${BENCH_API_KEY}`, accept: "application/json" };
  return {
    retrieveModel: () => fetchJson(`${origin}/v1/models/model-0`, headers),
    listModels: () => fetchJson(`${origin}/v1/models`, headers),
  };
}
