/**
 * The per-key rate budgets of the contract (api-v1.md §8), as every pacer and store counts them.
 */

/**
 * Which per-key budget a request draws from: `"create"` is `POST /content`, `"other"` is every
 * other v1 route.
 */
export type RateBudget = "create" | "other";

/** The rolling window the service counts requests in. */
export const PACING_WINDOW_MS = 60_000;

/**
 * Requests allowed per rolling window, per key and budget. `POST /content` and the other routes
 * are separate budgets: api-v1.md §8 lists "POST /content: 10 per minute" and "Every other v1
 * endpoint: 60 per minute", so a create does not also spend one of the 60.
 */
export const PACING_LIMITS: Readonly<Record<RateBudget, number>> = Object.freeze({
  create: 10,
  other: 60,
});

/**
 * Extra time a slot stays used after its response arrives. The service counts a request from its
 * arrival, which we never observe, so a slot is held until the response plus this margin.
 */
export const DEFAULT_PACING_GUARD_MS = 250;

/** How the budget reads in messages. */
export function describeBudget(budget: RateBudget): string {
  return budget === "create" ? "POST /content" : "requests other than POST /content";
}
