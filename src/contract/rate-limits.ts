/**
 * The rate limits of api-v1.md §8, per rolling minute: per key, 10 for `POST /content` (the
 * `create` budget) and 60 for every other route (`other`); 200 per address for requests without
 * a valid key. Stated here rather than read from the SDK's pacing limits: the fake enforces the
 * contract on its own, so a pacing mistake in the SDK still meets a 429.
 */
import type { RateBudget } from "../core/pacing/rate-budget.js";

/** Requests per rolling window, per key and budget, and per address for unauthenticated calls. */
export const RATE_LIMITS: Readonly<Record<RateBudget | "address", number>> = {
  create: 10,
  other: 60,
  address: 200,
};

/** The rolling window every limit counts in. */
export const RATE_WINDOW_MS = 60_000;
