/**
 * A write that acknowledges AI-ism matches on a person's behalf: it re-reads the item and sends
 * `acknowledgeAiIsms: true` only while the text is still the one the person reviewed.
 */
import { InvalidRequestError } from "../../core/errors/local-errors.js";
import type { RequestOptions } from "../../core/request-options.js";
import type { ResourceContext } from "../resource-context.js";
import { fetchItem } from "./page.js";
import type { AcknowledgeOptions } from "./params.js";
import { checkedReview, staleReviewError } from "./review.js";

/** The write itself: sent in `ctx` (one SDK call with the re-read), acknowledging or not. */
export type AcknowledgeableWrite<T> = (
  ctx: ResourceContext,
  sending: { readonly options: RequestOptions | undefined; readonly acknowledge: boolean },
) => Promise<T>;

/** What {@link sendAcknowledged} sends. */
export interface AcknowledgedWrite<T> {
  /** The SDK method, e.g. `content.approve`: names the call's span. */
  readonly operation: string;
  /** The item written. */
  readonly id: string;
  /** The write's method and path, named by a stale refusal. */
  readonly method: "PATCH" | "POST";
  readonly path: string;
  readonly send: AcknowledgeableWrite<T>;
}

/**
 * Sends `write`; with `options.acknowledge`, first re-reads the item in the same SDK call and
 * sends `acknowledgeAiIsms: true` only when its text equals the review's. A changed text throws
 * `AcknowledgmentRequiredError` with `stale: true` and the new matches, and sends nothing.
 *
 * Without an ETag a small race remains: an edit landing between the re-read and the write is
 * acknowledged (docs/approval.md).
 */
export async function sendAcknowledged<T>(
  ctx: ResourceContext,
  write: AcknowledgedWrite<T>,
  options: AcknowledgeOptions | undefined,
): Promise<T> {
  const { acknowledge, ...requestOptions } = options ?? {};
  if (acknowledge === undefined) return write.send(ctx, { options, acknowledge: false });
  const review = checkedReview(acknowledge, write.id);
  return ctx.transport.inCall(write.operation, requestOptions, async (call) => {
    const inCall: ResourceContext = { ...ctx, call };
    const current = await fetchItem(inCall, write.operation, write.id, requestOptions);
    if (current.content !== review.text) {
      const url = ctx.transport.urlFor(write.path);
      throw staleReviewError(current, { method: write.method, url, callId: call.id });
    }
    return write.send(inCall, { options: requestOptions, acknowledge: true });
  });
}

/** `update` acknowledges only an approval of the text as it stands. */
export function checkAcknowledgedUpdate(
  params: { status?: unknown; content?: unknown },
  options: AcknowledgeOptions | undefined,
): void {
  if (options?.acknowledge === undefined) return;
  if (params.status !== "pending") {
    throw new InvalidRequestError(
      "acknowledge",
      'acknowledge goes with status "pending": it approves the text a person reviewed',
    );
  }
  if (params.content !== undefined) {
    throw new InvalidRequestError(
      "acknowledge",
      "acknowledge approves the text a person reviewed; it cannot go with a new `content`",
    );
  }
}
