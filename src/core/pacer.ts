/**
 * The seam between the transport and client-side pacing (SDK_DESIGN §5). The transport asks the
 * pacer for a slot before every attempt and hands the slot back when the attempt is over.
 */

/** Which per-key budget a request spends: `POST /content` has its own (api-v1.md §8). */
export type PacedRoute = "create" | "other";

/**
 * Frees the slot taken by one attempt. Called once when the attempt finishes, with its
 * `Response` when there is one (a network failure has none).
 */
export type ReleaseSlot = (response?: Response) => void;

/** Paces requests so that a busy client waits instead of collecting 429s. */
export interface Pacer {
  /**
   * Waits until `route` has room, then takes a slot. Rejects when `signal` aborts while waiting
   * (with the signal's reason).
   */
  acquire(route: PacedRoute, signal?: AbortSignal): Promise<ReleaseSlot>;
}

const releaseNothing: ReleaseSlot = () => {};

/** A pacer that never waits: used with `rateLimit: false`. */
export const noopPacer: Pacer = {
  acquire: () => Promise.resolve(releaseNothing),
};
