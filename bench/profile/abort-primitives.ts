// CPU per operation of the ways an attempt can be bounded in time: a timer and an
// `AbortController` (what `AttemptDeadline` uses), `AbortSignal.timeout`, `AbortSignal.any` (what
// ky builds per call when given a signal), and a race per awaited read. Each operation runs inside
// an awaited async function, as in a request loop, so the garbage it leaves is counted too.
//   node --import tsx bench/profile/abort-primitives.ts
import { median } from "../measure/median.js";

const CALLS = 100_000;
const ROUNDS = 5;

const cases: Record<string, () => Promise<unknown>> = {
  "await (empty)": async () => {},
  "setTimeout + clearTimeout": async () => clearTimeout(setTimeout(() => {}, 60_000)),
  "AbortController + abort listener": async () => {
    const controller = new AbortController();
    const onAbort = () => {};
    controller.signal.addEventListener("abort", onAbort);
    controller.signal.removeEventListener("abort", onAbort);
  },
  "AbortSignal.timeout": async () => AbortSignal.timeout(60_000),
  "AbortSignal.any of two": async () =>
    AbortSignal.any([new AbortController().signal, new AbortController().signal]),
  "3 awaits of a settled promise": async () => {
    for (let read = 0; read < 3; read++) await Promise.resolve(read);
  },
  "3 Promise.race against a pending one": async () => {
    const ended = new Promise<never>(() => {});
    for (let read = 0; read < 3; read++) await Promise.race([Promise.resolve(read), ended]);
  },
};

for (const [name, run] of Object.entries(cases)) {
  for (let call = 0; call < CALLS / 10; call++) await run();
  const perCall: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.cpuUsage();
    for (let call = 0; call < CALLS; call++) await run();
    const used = process.cpuUsage(started);
    perCall.push(((used.user + used.system) * 1000) / CALLS);
  }
  console.log(`${name.padEnd(38)} ${median(perCall).toFixed(0).padStart(7)} ns cpu/call`);
}
