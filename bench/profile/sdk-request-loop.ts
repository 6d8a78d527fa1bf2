// Child of profile-requests.ts: calls the built SDK a fixed number of times against the stub so that
// `--cpu-prof` captures its per-call work. Usage: sdk-request-loop.ts <origin> <get|listPage> <count>
import { BENCH_API_KEY, BENCH_ITEM_ID } from "../contenders/bench-credentials.js";
import { loadBuiltSdk } from "../sdk/load-built-sdk.js";

const [origin, call, countText] = process.argv.slice(2);
const count = Number(countText);
if (!origin || (call !== "get" && call !== "listPage") || !Number.isInteger(count) || count < 1) {
  throw new Error("usage: sdk-request-loop.ts <origin> <get|listPage> <count>");
}
const loaded = await loadBuiltSdk();
if (!loaded.ok) throw new Error(loaded.reason);
const client = new loaded.sdk.Postline({
  apiKey: BENCH_API_KEY,
  baseURL: origin,
  rateLimit: false,
});
const callOnce =
  call === "get"
    ? () => client.content.get(BENCH_ITEM_ID)
    : () => client.content.listPage({ limit: 100 });
for (let index = 0; index < count; index++) await callOnce();
