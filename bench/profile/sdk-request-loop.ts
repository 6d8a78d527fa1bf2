// Child of profile-requests.ts: calls the built SDK a fixed number of times against the stub so that
// `--cpu-prof` captures its per-call work. Usage: sdk-request-loop.ts <origin> <get|listPage> <count>
import { BENCH_ITEM_ID } from "../contenders/bench-credentials.js";
import { sdkAsConstructed } from "../contenders/sdk-as-constructed.js";
import { loadBuiltSdk } from "../sdk/load-built-sdk.js";

const [origin, call, countText] = process.argv.slice(2);
const count = Number(countText);
if (!origin || (call !== "get" && call !== "listPage") || !Number.isInteger(count) || count < 1) {
  throw new Error("usage: sdk-request-loop.ts <origin> <get|listPage> <count>");
}
const loaded = await loadBuiltSdk();
if (!loaded.ok) throw new Error(loaded.reason);
// The client as users construct it (pacing on), as the per-call bench measures it.
const client = sdkAsConstructed(loaded.sdk, origin);
const callOnce =
  call === "get"
    ? () => client.content.get(BENCH_ITEM_ID)
    : () => client.content.listPage({ limit: 100 });
for (let index = 0; index < count; index++) await callOnce();
