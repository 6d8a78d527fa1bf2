// Bytes allocated per call, the network taken out: `content.get` or `listPage({ limit: 100 })`
// of the built SDK (or another build, for a before/after), or lean ky with `text()` + `JSON.parse`,
// through an in-process `fetch` that answers the stub's canned bodies. Garbage is most of what the
// SDK adds to a call (docs/performance.md, "Per call"); the used heap read before and after a block
// of calls, with no collection in between, counts it exactly. Run with a young generation large
// enough for a block:
//   node --expose-gc --max-semi-space-size=128 --import tsx bench/profile/allocation-per-call.ts \
//     <sdk|ky> [get|listPage] [dist dir]
import { resolve } from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { getHeapStatistics } from "node:v8";
import ky from "ky";
import { BENCH_API_KEY, BENCH_ITEM_ID } from "../contenders/bench-credentials.js";
import { sdkAsConstructed } from "../contenders/sdk-as-constructed.js";
import { median } from "../measure/median.js";
import { BUILT_SDK_ENTRY, loadBuiltSdk, snapshotBuild } from "../sdk/load-built-sdk.js";
import { CONTENT_ITEM_BODY, contentPageBody } from "../stub/canned-bodies.mjs";

const [contender = "sdk", call = "get", distDir] = process.argv.slice(2);
if ((contender !== "sdk" && contender !== "ky") || (call !== "get" && call !== "listPage")) {
  throw new Error("usage: allocation-per-call.ts <sdk|ky> [get|listPage] [dist dir]");
}
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error("run with --expose-gc");

const ORIGIN = "http://127.0.0.1:9";
const body = call === "get" ? CONTENT_ITEM_BODY : contentPageBody(0, 100);
const headers = {
  "content-type": "application/json",
  "content-length": String(Buffer.byteLength(body)),
};
const fetch: typeof globalThis.fetch = async () => new Response(body, { headers });

async function contenderCall(): Promise<() => Promise<unknown>> {
  if (contender === "ky") {
    const lean = ky.create({
      retry: 0,
      timeout: false,
      throwHttpErrors: false,
      fetch,
      headers: { authorization: `Bearer ${BENCH_API_KEY}` },
    });
    const url = `${ORIGIN}/api/v1/${call === "get" ? `content/${BENCH_ITEM_ID}` : "content?limit=100"}`;
    return async () => JSON.parse(await (await lean(url)).text());
  }
  if (!distDir) snapshotBuild();
  const loaded = await loadBuiltSdk(distDir ? resolve(distDir, "index.js") : BUILT_SDK_ENTRY);
  if (!loaded.ok) throw new Error(loaded.reason);
  const client = sdkAsConstructed(loaded.sdk, ORIGIN, fetch);
  return call === "get"
    ? () => client.content.get(BENCH_ITEM_ID)
    : () => client.content.listPage({ limit: 100 });
}

const callOnce = await contenderCall();
let collections = 0;
new PerformanceObserver((list) => {
  collections += list.getEntries().length;
}).observe({ entryTypes: ["gc"] });
for (let index = 0; index < 3_000; index++) await callOnce();

const CALLS = call === "get" ? 500 : 20;
const perCall: number[] = [];
for (let round = 0; round < 12; round++) {
  collect();
  // Lets the collection's entry reach the observer before counting.
  await new Promise((settle) => setTimeout(settle, 5));
  const collectionsBefore = collections;
  const before = getHeapStatistics().used_heap_size;
  for (let index = 0; index < CALLS; index++) await callOnce();
  const after = getHeapStatistics().used_heap_size;
  await new Promise((settle) => setTimeout(settle, 1));
  // A block a collection ran in counts less than it allocated: left out.
  if (collections === collectionsBefore) perCall.push((after - before) / CALLS);
}
console.log(
  perCall.length === 0
    ? `${contender} ${call}: every block saw a collection; raise --max-semi-space-size`
    : `${contender} ${call}: ${(median(perCall) / 1024).toFixed(1)} KB allocated per call ` +
        `(median of ${perCall.length} blocks of ${CALLS}, min ${(Math.min(...perCall) / 1024).toFixed(1)})`,
);
