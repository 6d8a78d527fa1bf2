// Child of profile-requests.ts: makes a fixed number of ky requests to the stub so that `--cpu-prof`
// captures what ky does per request. Usage: ky-request-loop.ts <origin> <defaults|lean|sdk> <count>
import ky from "ky";
import { BENCH_API_KEY } from "../contenders/bench-credentials.js";

const [origin, mode, countText] = process.argv.slice(2);
const count = Number(countText);
if (!origin || !Number.isInteger(count) || count < 1) {
  throw new Error("usage: ky-request-loop.ts <origin> <defaults|lean> <count>");
}
const headers = { authorization: `Bearer ${BENCH_API_KEY}`, accept: "application/json" };
const page = `${origin}/api/v1/content?limit=100`;

const requestOnce: () => Promise<unknown> =
  mode === "defaults"
    ? (() => {
        const instance = ky.create({ prefix: `${origin}/api/v1/`, headers });
        return () => instance.get("content", { searchParams: { limit: 100 } }).json();
      })()
    : (() => {
        const instance = ky.create({ headers, retry: 0, timeout: false, throwHttpErrors: false });
        return async () => JSON.parse(await (await instance(page)).text()) as unknown;
      })();

for (let index = 0; index < count; index++) await requestOnce();
