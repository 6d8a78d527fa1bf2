/**
 * Reconciling an ambiguous create (docs/retries.md). The service has no idempotency keys
 * (api-v1.md §1 convention 4): when `POST /content` fails in a way that does not say whether it
 * created anything, the SDK lists the newest `api` items on the target channels, adopts the ones
 * this call created, and sends the create again only for channels where nothing was found.
 *
 * For a generation, whose text the service writes, the SDK first notes the newest `api` item on
 * each target channel (one `GET /content?channelId=…&source=api&limit=1` per channel, the
 * snapshot). A draft needs none: its text identifies it, so its happy path stays one request.
 * Which listed item is "this call's" (the rule, in order):
 * 1. on the target channel, with `source: "api"`, and accepted by the caller's `isCandidate`
 *    (same text for a draft; any text for a generation);
 * 2. with a snapshot: listed above the snapshot's item (and not created before it, in case it
 *    was deleted since); without one (a draft, or the snapshot read failed): created no earlier
 *    than the call's start minus {@link CLOCK_SKEW_ALLOWANCE_MS}, as the service's clock is not
 *    ours;
 * 3. not already handed to another call (the ledger, in the client's pacing store, so with a
 *    shared store no other process adopts it either), after waiting for this process's other
 *    creates on that channel to settle, so a concurrent success is never mistaken for ours;
 * 4. the newest such item.
 */
import type { ContentItem, GenerationResult } from "../../schemas/index.js";
import { AmbiguousCreateError } from "../errors/ambiguous-create-error.js";
import { APIError } from "../errors/api-error.js";
import { APIConnectionError, APIUserAbortError } from "../errors/connection-errors.js";
import { ResponseValidationError } from "../errors/local-errors.js";
import type { Page } from "../pagination.js";
import type { CreateLedger } from "./create-ledger.js";

/** How far the service's clock may run behind ours when comparing `createdAt` to the call's start. */
const CLOCK_SKEW_ALLOWANCE_MS = 2 * 60_000;
/** Items per page when looking for the created item. */
const RECONCILE_PAGE_SIZE = 20;
/** Pages read per channel at most; items that old are not this call's. */
const MAX_RECONCILE_PAGES = 5;

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
export interface ReconciledCreate {
  /** The channels the create targets (one for a draft). */
  readonly channelIds: readonly string[];
  /** Sends `POST /content` for `channelIds` and parses the 201. */
  readonly send: (channelIds: readonly string[]) => Promise<GenerationResult>;
  /** One newest-first page of `api` items on a channel. */
  readonly listPage: (
    channelId: string,
    page: { readonly limit: number; readonly cursor?: string },
  ) => Promise<Page<ContentItem>>;
  /** Whether a listed item could be this call's (e.g. the same text for a draft). */
  readonly isCandidate: (item: ContentItem) => boolean;
  /** Whether to note each channel's newest item before sending (needed when text does not identify the item). */
  readonly snapshot: boolean;
  /** Whether to reconcile at all; without it, a failure is thrown as is. */
  readonly reconcile: boolean;
  /** How many times the create may be sent again after finding nothing. */
  readonly resends: number;
  readonly ledger: CreateLedger;
  /** The `POST /content` URL, for errors. */
  readonly url: string;
  /** The id of the SDK call, for errors; it also owns the call's claims in the ledger. */
  readonly callId: string;
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
  const snapshots = create.snapshot ? await takeSnapshots(create) : new Map<string, Snapshot>();

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

/** The newest `api` item on a channel before the create was sent: `null` when it had none. */
type Snapshot = { readonly id: string; readonly createdAt: number } | null;

/** One snapshot per channel; a channel whose read failed has none (the time window is used). */
async function takeSnapshots(create: ReconciledCreate): Promise<Map<string, Snapshot>> {
  const snapshots = new Map<string, Snapshot>();
  await Promise.all(
    create.channelIds.map(async (channelId) => {
      try {
        const { items } = await create.listPage(channelId, { limit: 1 });
        const newest = items[0];
        snapshots.set(
          channelId,
          newest ? { id: newest.id, createdAt: Date.parse(newest.createdAt) } : null,
        );
      } catch (error) {
        if (error instanceof APIUserAbortError) throw error;
        // Without a snapshot the create still goes out; reconciliation falls back to time.
      }
    }),
  );
  return snapshots;
}

/** The items this call created on `channelIds`, claimed in the ledger (at most one per channel). */
async function findCreated(
  create: ReconciledCreate,
  channelIds: readonly string[],
  snapshots: ReadonlyMap<string, Snapshot>,
  startedAt: number,
): Promise<ContentItem[]> {
  const found: ContentItem[] = [];
  for (const channelId of channelIds) {
    const inFlightBefore = create.ledger.sendsInFlightOn(channelId);
    const isNew = newerThan(snapshots, channelId, startedAt);
    const candidates = await listCandidates(create, channelId, isNew);
    // Other creates of this process on the channel settle first, so their items are claimed.
    await Promise.all([...inFlightBefore, ...create.ledger.sendsInFlightOn(channelId)]);
    // Claimed atomically in the store: two reconciliations never adopt the same item.
    const claimed = await create.ledger.claimFirstFree(candidates, create.callId);
    const mine = candidates.find(
      (item) => item.id === claimed?.id && item.createdAt === claimed.createdAt,
    );
    if (mine) found.push(mine);
  }
  return found;
}

/** Whether a listed item (newest first) is newer than what the channel held before the send. */
function newerThan(
  snapshots: ReadonlyMap<string, Snapshot>,
  channelId: string,
  startedAt: number,
): (item: ContentItem) => boolean {
  if (!snapshots.has(channelId)) {
    const since = startedAt - CLOCK_SKEW_ALLOWANCE_MS;
    return (item) => !(Date.parse(item.createdAt) < since);
  }
  const snapshot = snapshots.get(channelId);
  if (snapshot === null || snapshot === undefined) return () => true;
  return (item) => item.id !== snapshot.id && !(Date.parse(item.createdAt) < snapshot.createdAt);
}

/** Newest-first `api` items on a channel that could be this call's, paging until they are too old. */
async function listCandidates(
  create: ReconciledCreate,
  channelId: string,
  isNew: (item: ContentItem) => boolean,
): Promise<ContentItem[]> {
  const candidates: ContentItem[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_RECONCILE_PAGES; page++) {
    const { items, nextCursor } = await create.listPage(channelId, {
      limit: RECONCILE_PAGE_SIZE,
      ...(cursor === undefined ? {} : { cursor }),
    });
    for (const item of items) {
      // Newest first: the first item that is not new ends the search.
      if (!isNew(item)) return candidates;
      if (item.channelId === channelId && item.source === "api" && create.isCandidate(item)) {
        candidates.push(item);
      }
    }
    if (nextCursor === null) return candidates;
    cursor = nextCursor;
  }
  return candidates;
}
