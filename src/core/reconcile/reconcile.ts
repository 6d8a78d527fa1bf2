/**
 * Reconciling an ambiguous create (docs/retries.md). The service has no idempotency keys
 * (api-v1.md §1 convention 4): when `POST /content` fails in a way that does not say whether it
 * created anything, the SDK lists the newest `api` items on the target channels, adopts the ones
 * this call created (find-created.ts says which they are), and sends the create again only for
 * channels where nothing was found.
 *
 * For a generation, whose text the service writes, the SDK first notes the newest `api` item on
 * each target channel (the snapshot). A draft needs none: its text identifies it, so its happy
 * path stays one request.
 */
import type { ContentItem, GenerationResult } from "../../schemas/index.js";
import { AmbiguousCreateError } from "../errors/ambiguous-create-error.js";
import { APIError } from "../errors/api-error.js";
import { APIConnectionError, APIUserAbortError } from "../errors/connection-errors.js";
import { ResponseValidationError } from "../errors/local-errors.js";
import {
  type ChannelSnapshots,
  type CreatedItemSearch,
  findCreated,
  takeSnapshots,
} from "./find-created.js";

/** What the SDK did after an ambiguous create, on the result (absent when nothing went wrong). */
export interface CreateReconciliation {
  /** The ambiguous failures of `POST /content` that made the SDK check, oldest first. */
  readonly failures: readonly Error[];
  /** Items found already created by this call and returned instead of creating them again. */
  readonly adoptedIds: readonly string[];
  /** Channels where nothing was found, so the create was sent again for them. */
  readonly resentChannelIds: readonly string[];
  /** How many `POST /content` requests this call made. */
  readonly sends: number;
}

/** A create result that may say how an ambiguous failure was settled. */
export type WithReconciliation<T> = T & {
  /**
   * Present (not enumerable, so it never shows in `JSON.stringify`) only when the create failed
   * ambiguously and the SDK settled it: what it found and what it sent again.
   */
  readonly reconciliation?: CreateReconciliation;
};

/** How a create failure bears on whether anything was created. */
type FailureKind =
  /** Nothing was created (refused before sending, a 4xx, 429, 503 `capacity_unknown`). */
  | "definite"
  /** It may or may not have been created (timeout, dropped connection, other 5xx). */
  | "ambiguous"
  /** It was created: a 2xx whose body could not be read. */
  | "written";

function classify(error: unknown): FailureKind {
  if (error instanceof APIUserAbortError) return "definite"; // the caller asked to stop
  if (error instanceof ResponseValidationError) return "written";
  // A connection failure is marked retryable only when nothing left this machine.
  if (error instanceof APIConnectionError) return error.retryable ? "definite" : "ambiguous";
  if (error instanceof APIError) {
    if (error.status === 503 && error.code === "capacity_unknown") return "definite";
    return error.status >= 500 ? "ambiguous" : "definite";
  }
  return "definite";
}

/** What {@link createWithReconciliation} needs from the content resource. */
export interface ReconciledCreate extends CreatedItemSearch {
  /** Sends `POST /content` for `channelIds` and parses the 201. */
  readonly send: (channelIds: readonly string[]) => Promise<GenerationResult>;
  /** Whether to note each channel's newest item before sending (needed when text does not identify the item). */
  readonly snapshot: boolean;
  /** Whether to reconcile at all; without it, a failure is thrown as is. */
  readonly reconcile: boolean;
  /** How many times the create may be sent again after finding nothing. */
  readonly resends: number;
  /** The `POST /content` URL, for errors. */
  readonly url: string;
  readonly now?: () => number;
}

/**
 * Sends a create and, if it fails ambiguously, settles it: adopts what this call created, sends
 * again only for channels where nothing was found, and merges the results. Throws
 * {@link AmbiguousCreateError} when it cannot settle it.
 */
export async function createWithReconciliation(
  create: ReconciledCreate,
): Promise<WithReconciliation<GenerationResult>> {
  const now = create.now ?? Date.now;
  const { ledger } = create;
  const startedAt = now();
  const send = async (channelIds: readonly string[]) => {
    const result = await ledger.track(channelIds, () => create.send(channelIds));
    await ledger.claim(result.items, create.callId);
    return result;
  };

  if (!create.reconcile) return send(create.channelIds);
  const snapshots: ChannelSnapshots = create.snapshot ? await takeSnapshots(create) : new Map();

  const failures: Error[] = [];
  const adopted: ContentItem[] = [];
  const created: ContentItem[] = [];
  const resent = new Set<string>();
  let warning: GenerationResult["warning"];
  let pending = [...create.channelIds];
  let sends = 0;
  const stop = (
    outcome: AmbiguousCreateError["outcome"],
    cause: unknown,
    checkError?: unknown,
  ): AmbiguousCreateError =>
    new AmbiguousCreateError({
      outcome,
      url: create.url,
      cause,
      checkError,
      items: [...adopted, ...created],
      unresolvedChannelIds: pending,
      sends,
      callId: create.callId,
    });

  for (;;) {
    if (sends > 0) for (const id of pending) resent.add(id);
    sends += 1;
    let failure: unknown;
    try {
      const result = await send(pending);
      created.push(...result.items);
      warning = result.warning ?? warning;
      break;
    } catch (error) {
      failure = error;
    }

    const kind = classify(failure);
    if (kind === "definite") {
      if (sends === 1) throw failure;
      // A resend was refused outright: what was adopted stands; the rest was not created.
      return finish(partialAfterRefusal(failure));
    }
    failures.push(failure as Error);
    let found: ContentItem[];
    try {
      found = await findCreated(create, pending, snapshots, startedAt);
    } catch (checkError) {
      throw stop("unknown", failure, checkError);
    }
    adopted.push(...found);
    const foundOn = new Set(found.map((item) => item.channelId));
    pending = pending.filter((id) => !foundOn.has(id));
    if (pending.length === 0) break;
    // The service answered 2xx: it did create, even though we cannot see the item.
    if (kind === "written") throw stop("unknown", failure);
    if (sends > create.resends) throw stop("not_created", failure);
  }
  return finish(undefined);

  function partialAfterRefusal(refusal: unknown): GenerationResult["warning"] {
    // Nothing was made at all: the refusal itself (a RateLimitError, ...) says it best.
    if (adopted.length === 0 && created.length === 0) throw refusal;
    // Quota ran out on the resend: report it the way the service reports a partial generation.
    if (refusal instanceof APIError && refusal.code === "generation_limit" && adopted.length > 0) {
      return { code: "generation_limit", message: refusal.message, unfulfilledChannelIds: pending };
    }
    throw stop("not_created", refusal);
  }

  function finish(extraWarning: GenerationResult["warning"]): WithReconciliation<GenerationResult> {
    const items = [...adopted, ...created];
    const finalWarning = extraWarning ?? warning;
    const result: GenerationResult = finalWarning ? { items, warning: finalWarning } : { items };
    if (failures.length > 0) {
      const reconciliation: CreateReconciliation = {
        failures,
        adoptedIds: adopted.map((item) => item.id),
        resentChannelIds: [...resent],
        sends,
      };
      Object.defineProperty(result, "reconciliation", { value: reconciliation, enumerable: false });
    }
    return result;
  }
}
