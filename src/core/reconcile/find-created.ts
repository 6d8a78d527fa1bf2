/**
 * Which listed items an ambiguous create made (reconcile.ts). The rule, in order:
 * 1. on the target channel, with `source: "api"`, and accepted by the caller's `isCandidate`
 *    (same text for a draft; any text for a generation);
 * 2. with a snapshot (`GET /content?channelId=…&source=api&limit=1` before the send): listed above
 *    the snapshot's item (and not created before it, in case it was deleted since); without one
 *    (a draft, or the snapshot read failed): created no earlier than the call's start minus
 *    {@link CLOCK_SKEW_ALLOWANCE_MS}, as the service's clock is not ours;
 * 3. not already handed to another call (the ledger, in the client's pacing store, so with a
 *    shared store no other process adopts it either), after waiting for this process's other
 *    creates on that channel to settle, so a concurrent success is never mistaken for ours;
 * 4. the newest such item.
 */
import type { ContentItem } from "../../schemas/index.js";
import { APIUserAbortError } from "../errors/connection-errors.js";
import type { Page } from "../pagination.js";
import type { CreateLedger } from "./create-ledger.js";

/** How far the service's clock may run behind ours when comparing `createdAt` to the call's start. */
const CLOCK_SKEW_ALLOWANCE_MS = 2 * 60_000;
/** Items per page when looking for the created item. */
const RECONCILE_PAGE_SIZE = 20;
/** Pages read per channel at most; items that old are not this call's. */
const MAX_RECONCILE_PAGES = 5;

/** What the search for a create's items reads: the channels, their pages, and the ledger. */
export interface CreatedItemSearch {
  /** The channels the create targets (one for a draft). */
  readonly channelIds: readonly string[];
  /** One newest-first page of `api` items on a channel. */
  readonly listPage: (
    channelId: string,
    page: { readonly limit: number; readonly cursor?: string },
  ) => Promise<Page<ContentItem>>;
  /** Whether a listed item could be this call's (e.g. the same text for a draft). */
  readonly isCandidate: (item: ContentItem) => boolean;
  readonly ledger: CreateLedger;
  /** The id of the SDK call, for errors; it also owns the call's claims in the ledger. */
  readonly callId: string;
}

/** The newest `api` item on a channel before the create was sent: `null` when it had none. */
type Snapshot = { readonly id: string; readonly createdAt: number } | null;

export type ChannelSnapshots = ReadonlyMap<string, Snapshot>;

/** One snapshot per channel; a channel whose read failed has none (the time window is used). */
export async function takeSnapshots(create: CreatedItemSearch): Promise<ChannelSnapshots> {
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
export async function findCreated(
  create: CreatedItemSearch,
  channelIds: readonly string[],
  snapshots: ChannelSnapshots,
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
  snapshots: ChannelSnapshots,
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
  create: CreatedItemSearch,
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
