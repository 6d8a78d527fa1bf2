import ky, { type KyInstance } from "ky";
import { BENCH_API_KEY } from "./bench-credentials.js";

/** One way of configuring ky for the same `GET /content?limit=100` call. */
export interface KyConfiguration {
  readonly name: string;
  listPage(): Promise<unknown>;
}

const authorization = `Bearer ${BENCH_API_KEY}`;

function readJson(instance: KyInstance, input: string, options: Parameters<KyInstance>[1] = {}) {
  return instance(input, options)
    .then((response) => response.text())
    .then((text) => JSON.parse(text) as unknown);
}

/**
 * The ky set-ups a transport might use, from ky's defaults to the leanest one, each fetching the
 * same page. Each differs from its neighbour in one respect, so the table attributes the cost.
 */
export function kyConfigurations(origin: string): KyConfiguration[] {
  const apiBase = `${origin}/api/v1/`;
  const headers = { authorization, accept: "application/json" };
  const defaults = ky.create({ prefix: apiBase, headers });
  const withBaseUrl = ky.create({ baseUrl: apiBase, headers });
  const noRetryNoTimeout = ky.create({
    prefix: apiBase,
    headers,
    retry: 0,
    timeout: false,
    throwHttpErrors: false,
  });
  const lean = ky.create({ headers, retry: 0, timeout: false, throwHttpErrors: false });
  const withAfterResponseHook = ky.create({
    headers,
    retry: 0,
    timeout: false,
    throwHttpErrors: false,
    hooks: { afterResponse: [() => undefined] },
  });
  const absolutePage = `${apiBase}content?limit=100`;
  const transportLike = ky.create({
    baseUrl: apiBase,
    headers: { accept: "application/json" },
    retry: 0,
    timeout: false,
    throwHttpErrors: false,
  });
  const transportLikeCall = (input: string, options: Parameters<KyInstance>[1]) => {
    // The SDK transport's own per-attempt timeout: an AbortController and a timer per call.
    const timer = new AbortController();
    const timeoutId = setTimeout(() => timer.abort(), 60_000);
    return readJson(transportLike, input, {
      ...options,
      signal: timer.signal,
      headers: { authorization },
    }).finally(() => clearTimeout(timeoutId));
  };

  return [
    { name: "ky defaults, prefix, .json()", listPage: () => defaults("content?limit=100").json() },
    {
      name: "ky defaults, prefix, searchParams",
      listPage: () => defaults("content", { searchParams: { limit: 100 } }).json(),
    },
    {
      name: "ky defaults, baseUrl, .json()",
      listPage: () => withBaseUrl("content?limit=100").json(),
    },
    {
      name: "ky retry 0, timeout false, text()",
      listPage: () => readJson(noRetryNoTimeout, "content?limit=100"),
    },
    { name: "ky lean: absolute URL, text()", listPage: () => readJson(lean, absolutePage) },
    {
      name: "ky lean + per-call headers",
      listPage: () => readJson(lean, absolutePage, { headers: { "x-request": "1" } }),
    },
    {
      name: "SDK-like: baseUrl + path + searchParams",
      listPage: () => transportLikeCall("content", { searchParams: { limit: "100" } }),
    },
    {
      name: "SDK-like: absolute URL string",
      listPage: () => transportLikeCall(absolutePage, {}),
    },
    {
      name: "ky lean + afterResponse hook",
      listPage: () => readJson(withAfterResponseHook, absolutePage),
    },
  ];
}
