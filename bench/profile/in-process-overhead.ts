// What the SDK adds to a call in CPU, with the network taken out: `content.get` and
// `listPage({ limit: 100 })` against bare ky (lean set-up, `text()` + `JSON.parse`), both through
// one in-process `fetch` that answers the stub's canned bodies. Prints CPU µs per call (median of
// alternating rounds) and the difference, which is the SDK's own cost: transport, body reading,
// input checks and the zod parse. The SDK comes from dist/ (build first); another build (a dist/
// copied under node_modules/, so ky and zod resolve) runs alongside when named, for a before/after.
//   node --import tsx bench/profile/in-process-overhead.ts [baseline dist dir]
import { resolve } from "node:path";
import ky from "ky";
import { BENCH_API_KEY, BENCH_ITEM_ID } from "../contenders/bench-credentials.js";
import { sdkAsConstructed } from "../contenders/sdk-as-constructed.js";
import { median } from "../measure/median.js";
import { loadBuiltSdk, snapshotBuild } from "../sdk/load-built-sdk.js";
import { CONTENT_ITEM_BODY, contentPageBody } from "../stub/canned-bodies.mjs";

const ORIGIN = "http://127.0.0.1:9";
const ROUNDS = 15;
const CASES = [
  { name: "get", body: CONTENT_ITEM_BODY, calls: 2_000 },
  { name: "listPage(100)", body: contentPageBody(0, 100), calls: 300 },
] as const;

snapshotBuild();
const loaded = await loadBuiltSdk();
if (!loaded.ok) throw new Error(loaded.reason);
const baselineDir = process.argv[2];
const baseline = baselineDir ? await loadBuiltSdk(resolve(baselineDir, "index.js")) : undefined;
if (baseline && !baseline.ok) throw new Error(baseline.reason);

for (const { name, body, calls } of CASES) {
  // With a Content-Length, as the stub (and the service) send it.
  const headers = {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
  };
  const fetch: typeof globalThis.fetch = async () => new Response(body, { headers });
  const client = sdkAsConstructed(loaded.sdk, ORIGIN, fetch);
  const baselineClient = baseline?.ok ? sdkAsConstructed(baseline.sdk, ORIGIN, fetch) : undefined;
  const bare = ky.create({
    retry: 0,
    timeout: false,
    throwHttpErrors: false,
    fetch,
    headers: { authorization: `Bearer ${BENCH_API_KEY}` },
  });
  const path = name === "get" ? `content/${BENCH_ITEM_ID}` : "content?limit=100";
  const call = (sdk: typeof client) =>
    name === "get" ? sdk.content.get(BENCH_ITEM_ID) : sdk.content.listPage({ limit: 100 });
  const contenders: Record<string, () => Promise<unknown>> = {
    "bare ky": async () => JSON.parse(await (await bare(`${ORIGIN}/api/v1/${path}`)).text()),
    sdk: () => call(client),
    ...(baselineClient ? { baseline: () => call(baselineClient) } : {}),
  };
  const cpu: Record<string, number[]> = Object.fromEntries(
    Object.keys(contenders).map((contender) => [contender, []]),
  );
  for (const run of Object.values(contenders)) for (let i = 0; i < calls / 10; i++) await run();
  for (let round = 0; round < ROUNDS; round++) {
    const names = Object.keys(contenders);
    const order = names.map((_, index) => names[(round + index) % names.length]!);
    for (const contender of order) {
      const run = contenders[contender]!;
      (globalThis as { gc?: (options: { type: "minor" }) => void }).gc?.({ type: "minor" });
      const started = process.cpuUsage();
      for (let i = 0; i < calls; i++) await run();
      const used = process.cpuUsage(started);
      cpu[contender]!.push((used.user + used.system) / calls);
    }
  }
  const ky_ = median(cpu["bare ky"]!);
  const sdk = median(cpu.sdk!);
  const before = cpu.baseline ? median(cpu.baseline) : undefined;
  console.log(
    `${name.padEnd(14)} bare ky ${ky_.toFixed(1)} µs cpu/call, sdk ${sdk.toFixed(1)} µs ` +
      `(+${(sdk - ky_).toFixed(1)} µs, ${(sdk / ky_).toFixed(2)}x)` +
      (before === undefined
        ? ""
        : `, baseline ${before.toFixed(1)} µs (+${(before - ky_).toFixed(1)} µs, ${(before / ky_).toFixed(2)}x)`) +
      `, ${ROUNDS} rounds of ${calls}`,
  );
}
