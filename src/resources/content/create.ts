/**
 * `POST /content` for both kinds of create. An ambiguous failure is never simply resent (no
 * idempotency keys, api-v1.md §1 convention 4): with `reconcile`, it is settled by looking for
 * what was created (core/reconcile/reconcile.ts, docs/retries.md).
 */

import { bodyProblemError } from "../../core/errors/local-errors.js";
import { ledgerFor } from "../../core/reconcile/create-ledger.js";
import {
  createWithReconciliation,
  type ReconciledCreate,
  type WithReconciliation,
} from "../../core/reconcile/reconcile.js";
import { type Redactor, redactDeep } from "../../core/redact.js";
import type { RequestOptions } from "../../core/request-options.js";
import {
  type ContentItem,
  CreateContentResponseSchema,
  type GenerationResult,
} from "../../schemas/index.js";
import { optionalBoolean } from "../input-checks.js";
import { requestParsed } from "../parse-response.js";
import type { ResourceContext } from "../resource-context.js";
import { type DraftBody, listQuery } from "./checks.js";
import { fetchContentPage } from "./page.js";
import type { CreateRequestOptions } from "./params.js";

/** Where a create's response came from, for an error about its body. */
interface CreateResponse {
  readonly url: string;
  readonly callId: string;
  readonly redact: Redactor;
}

/** How one kind of create is sent, recognised afterwards, and what it resolves to. */
interface CreateShape<R> extends Pick<ReconciledCreate, "channelIds" | "isCandidate" | "snapshot"> {
  /** The SDK method, e.g. `content.createDraft`: names the call's span. */
  readonly operation: string;
  readonly bodyFor: (channelIds: readonly string[]) => Record<string, unknown>;
  readonly reconcileByDefault: boolean;
  readonly resultOf: (result: WithReconciliation<GenerationResult>, from: CreateResponse) => R;
}

/** A free draft: one item, recognised afterwards by its text (docs/retries.md). */
export function draftCreate(body: DraftBody): CreateShape<WithReconciliation<ContentItem>> {
  return {
    operation: "content.createDraft",
    channelIds: [body.channelId],
    bodyFor: () => ({ ...body }),
    isCandidate: (item) => item.content === body.body,
    snapshot: false,
    reconcileByDefault: true,
    resultOf: createdDraft,
  };
}

/**
 * A generation. The service writes the text, so any `api` item on the channel made after the
 * call started counts; reconciling is opt-in for that reason.
 */
export function generationCreate(
  prompt: string,
  channelIds: string[],
): CreateShape<WithReconciliation<GenerationResult>> {
  return {
    operation: "content.generate",
    channelIds,
    bodyFor: (ids) => ({ prompt, channelIds: ids }),
    isCandidate: () => true,
    snapshot: true,
    reconcileByDefault: false,
    resultOf: (result) => result,
  };
}

/**
 * Sends the create, reconciling an ambiguous failure when the call asks for it. The snapshot, the
 * `POST` and the reconciliation reads are one SDK call: one call id, one span.
 */
export async function sendCreate<R>(
  ctx: ResourceContext,
  how: CreateShape<R>,
  options: CreateRequestOptions | undefined,
): Promise<R> {
  const { reconcile = how.reconcileByDefault, ...requestOptions } = options ?? {};
  optionalBoolean("reconcile", reconcile);
  const url = ctx.transport.urlFor("content");
  return ctx.transport.inCall(how.operation, requestOptions, async (call) => {
    const inCall: ResourceContext = { ...ctx, call };
    const result = await createWithReconciliation({
      ...how,
      send: (ids) => postContent(inCall, how.bodyFor(ids), requestOptions),
      listPage: (channelId, page) =>
        fetchContentPage(inCall, listQuery({ channelId, source: "api", ...page }), requestOptions),
      reconcile,
      // Sent again at most once unless the call allows more retries.
      resends: requestOptions.maxRetries ?? 1,
      ledger: ledgerFor(url, ctx.claims),
      url,
      callId: call.id,
    });
    return how.resultOf(result, { url, callId: call.id, redact: ctx.reader.redact });
  });
}

/**
 * The one item of a created draft (api-v1.md §4 POST rule 3), carrying the result's
 * `reconciliation` when there is one.
 */
function createdDraft(
  result: WithReconciliation<GenerationResult>,
  { url, callId, redact }: CreateResponse,
): WithReconciliation<ContentItem> {
  const [item] = result.items;
  if (!item) {
    throw bodyProblemError({
      message: "A created draft must come back as one item",
      path: ["items"],
      input: redactDeep(result.items, redact),
      body: redactDeep(result, redact),
      method: "POST",
      url,
      callId,
    });
  }
  if (result.reconciliation) {
    Object.defineProperty(item, "reconciliation", {
      value: result.reconciliation,
      enumerable: false,
    });
  }
  return item;
}

function postContent(
  ctx: ResourceContext,
  body: Record<string, unknown>,
  options: RequestOptions,
): Promise<GenerationResult> {
  const request = { method: "POST", path: "content", body, options, budget: "create" } as const;
  return requestParsed(ctx, CreateContentResponseSchema, request);
}
