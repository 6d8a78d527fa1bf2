import { createMemoryPacingStore } from "../../src/core/pacing/memory-store.js";
import type { PacingStore } from "../../src/core/pacing/pacing-store.js";
import type { BuiltSdk } from "../sdk/load-built-sdk.js";
import { BENCH_API_KEY } from "./bench-credentials.js";

/**
 * How much faster than wall time the pacing store's clock runs. The service allows 60 calls a
 * minute; at this speed a minute passes in 0.6 ms, so a bench making a few thousand calls a
 * second never has to wait, while every call still takes and settles its slot as a user's does.
 */
const CLOCK_SPEED_UP = 100_000;

/**
 * The default pacing store (in memory, the same code a client gets without `rateLimit`), on a
 * clock that runs {@link CLOCK_SPEED_UP} times faster than `performance.now()`.
 */
export function fastClockPacingStore(): PacingStore {
  const startedAt = Date.now();
  const origin = performance.now();
  const now = () => Math.floor(startedAt + (performance.now() - origin) * CLOCK_SPEED_UP);
  return createMemoryPacingStore({ now });
}

/**
 * The client as a user constructs it, `new Postline({ apiKey, baseURL })`: pacing on, retries,
 * validation and the logger at their defaults. Only the pacing store's clock is sped up. `fetch`
 * stands in for the network where a bench takes it out.
 */
export function sdkAsConstructed(sdk: BuiltSdk, origin: string, fetch?: typeof globalThis.fetch) {
  return new sdk.Postline({
    apiKey: BENCH_API_KEY,
    baseURL: origin,
    rateLimit: { store: fastClockPacingStore() },
    ...(fetch ? { fetch } : {}),
  });
}
