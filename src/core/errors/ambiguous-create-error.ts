import type { ContentItem } from "../../schemas/index.js";
import { nameClass, PostlineError } from "./postline-error.js";

/**
 * What the SDK knows about the channels an {@link AmbiguousCreateError} left unresolved:
 * - `"unknown"`: the check could not be made (the list call failed or was aborted), or the
 *   service answered 2xx but the item could not be found: an item may exist. List the channel's
 *   `api` items before creating again.
 * - `"not_created"`: the SDK listed the channel and found nothing this call created, but could
 *   not send the create again (no resend left, or the resend was refused after other channels
 *   of a generation were made). Creating again is safe.
 */
export type AmbiguousCreateOutcome = "unknown" | "not_created";

/**
 * What an {@link AmbiguousCreateError} is built from: its fields, as the class documents them,
 * and `cause`, the failure of the create that started reconciliation.
 */
interface AmbiguousCreateErrorInit
  extends Pick<
      AmbiguousCreateError,
      "outcome" | "url" | "items" | "unresolvedChannelIds" | "sends"
    >,
    Partial<Pick<AmbiguousCreateError, "checkError" | "callId">> {
  readonly cause: unknown;
}

/**
 * A create (`content.createDraft`, or `content.generate` with `reconcile: true`) failed in a way
 * that does not say whether the item was made (a timeout, a dropped connection, a 5xx, a 2xx
 * body that could not be read), and the SDK's follow-up check could not settle it. `outcome`
 * says what is known; `cause` is the create's own failure, `checkError` the check's.
 *
 * @example
 * ```ts
 * try {
 *   await client.content.createDraft({ channelId, body });
 * } catch (err) {
 *   if (err instanceof AmbiguousCreateError && err.outcome === "unknown") {
 *     // An item may exist: look before creating again.
 *     const recent = await client.content.listPage({ channelId, source: "api", limit: 20 });
 *   }
 * }
 * ```
 */
export class AmbiguousCreateError extends PostlineError {
  /** Always `POST`: creates are the only calls that reconcile. */
  readonly method: "POST";
  /** The `POST /content` URL (never holds a secret). */
  readonly url: string;
  /** `"unknown"`: an item may exist; `"not_created"`: none does and creating again is safe. */
  readonly outcome: AmbiguousCreateOutcome;
  /** Why the check after the failure could not be made, when that is what failed. */
  readonly checkError: unknown;
  /** Items this call did create before it stopped (other channels of a generation). */
  readonly items: readonly ContentItem[];
  /** Channels without an item in `items`. */
  readonly unresolvedChannelIds: readonly string[];
  /** How many `POST /content` requests this call made. */
  readonly sends: number;
  /** The id of the SDK call, as its hook events and log lines carry it (docs/observability.md). */
  readonly callId: string | undefined;

  constructor(init: AmbiguousCreateErrorInit) {
    const channels = init.unresolvedChannelIds.join(", ");
    super(
      init.outcome === "unknown"
        ? `POST ${init.url} may have created an item on ${channels} and the SDK could not ` +
            "check: list those channels' items (source: api) before creating again"
        : `POST ${init.url} failed and the SDK checked that nothing was created on ${channels}, ` +
            "but could not send it again: creating again is safe",
      { cause: init.cause },
    );
    this.method = "POST";
    this.url = init.url;
    this.outcome = init.outcome;
    this.checkError = init.checkError;
    this.items = init.items;
    this.unresolvedChannelIds = init.unresolvedChannelIds;
    this.sends = init.sends;
    this.callId = init.callId;
  }
}
nameClass(AmbiguousCreateError, "AmbiguousCreateError");
