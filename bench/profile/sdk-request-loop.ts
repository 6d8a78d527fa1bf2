// Child of profile-requests.ts: calls the built SDK a fixed number of times so that `--cpu-prof`
// captures its per-call work, either against the stub or, with the origin `in-process`, through a
// `fetch` in this process that answers the stub's canned bodies (the network taken out, so the
// SDK's own frames stand out).
// Usage: sdk-request-loop.ts <origin|in-process> <get|listPage> <count> [dist dir]
import { BENCH_ITEM_ID } from "../contenders/bench-credentials.js";
import { sdkAsConstructed } from "../contenders/sdk-as-constructed.js";
import { loadBuiltSdk } from "../sdk/load-built-sdk.js";
import { CONTENT_ITEM_BODY, contentPageBody } from "../stub/canned-bodies.mjs";

const [origin, call, countText, distDir] = process.argv.slice(2);
const count = Number(countText);
if (!origin || (call !== "get" && call !== "listPage") || !Number.isInteger(count) || count < 1) {
  throw new Error("usage: sdk-request-loop.ts <origin|in-process> <get|listPage> <count>");
}
const loaded = await loadBuiltSdk(distDir ? `${distDir}/index.js` : undefined);
if (!loaded.ok) throw new Error(loaded.reason);

/** The stub's body for the call, answered in process with a Content-Length, as the stub sends it. */
function inProcessFetch(): typeof globalThis.fetch {
  const body = call === "get" ? CONTENT_ITEM_BODY : contentPageBody(0, 100);
  const headers = {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
  };
  return async () => new Response(body, { headers });
}

// The client as users construct it (pacing on), as the per-call bench measures it.
const client =
  origin === "in-process"
    ? sdkAsConstructed(loaded.sdk, "http://127.0.0.1:9", inProcessFetch())
    : sdkAsConstructed(loaded.sdk, origin);
const callOnce =
  call === "get"
    ? () => client.content.get(BENCH_ITEM_ID)
    : () => client.content.listPage({ limit: 100 });
for (let index = 0; index < count; index++) await callOnce();
