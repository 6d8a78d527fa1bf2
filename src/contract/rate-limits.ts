/**
 * The rate limits of api-v1.md §8, per rolling minute: per key, 10 for `POST /content` (the
 * `create` budget) and 60 for every other route (`other`); 200 per address for requests without
 * a valid key.
 */
import type { RouteBudget } from "./routes.js";

/** Requests per rolling window, per key and budget, and per address for unauthenticated calls. */
export const RATE_LIMITS: Readonly<Record<RouteBudget | "address", number>> = {
  create: 10,
  other: 60,
  address: 200,
};

/** The rolling window every limit counts in. */
export const RATE_WINDOW_MS = 60_000;
