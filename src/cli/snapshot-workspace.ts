/**
 * Reads a live workspace into a seed (GETs only, through the client's own pacing): what
 * `postline fake snapshot` writes and `postline record --snapshot` stores first. No token is kept.
 */
import type { Postline } from "../client.js";
import { redactDeep } from "../core/redact.js";
import { resultRedactorOf } from "../core/result-redactor.js";
import type { FakeSeedJson } from "../testing/tooling/control/connect-fake.js";
import type { ProgressLine } from "./progress-line.js";
import { snapshotSeed } from "./snapshot-seed.js";

/**
 * How much of the items a snapshot reads before it stops: a service that answers endless cursors
 * with 8 MB pages read 450 MB in 12 s. A seed past these is too big to serve anyway.
 */
export const SNAPSHOT_CAPS = { pages: 1_000, items: 100_000, bytes: 100_000_000 } as const;

type SnapshotCaps = { pages: number; items: number; bytes: number };

/** A read that passed one of its caps; the message names the cap and its `--max-*` flag. */
export class SnapshotOverCap extends Error {
  override name = "SnapshotOverCap";
}

/** The seed of the client's workspace; `redact` blanks the items' text. */
export async function snapshotWorkspace(
  client: Postline,
  {
    redact,
    progress,
    caps = SNAPSHOT_CAPS,
  }: { redact: boolean; progress?: ProgressLine | undefined; caps?: SnapshotCaps },
): Promise<FakeSeedJson> {
  progress?.pageRequested();
  const channels = await client.channels.list();
  const brand = await client.brand.get();
  const schedule = await client.schedule.get();
  const items: Record<string, unknown>[] = [];
  const read = { pages: 0, items: 0, bytes: 0 };
  for await (const page of client.content.list({ status: "all" }).pages()) {
    items.push(...(page.items as Record<string, unknown>[]));
    read.pages += 1;
    read.items = items.length;
    read.bytes += Buffer.byteLength(JSON.stringify(page.items));
    const over = overCap(read, caps);
    if (over) throw new SnapshotOverCap(over);
    progress?.counted(items.length);
    progress?.pageRequested();
  }
  // A key without admin scope may not list keys: the seed then gets one admin test key.
  const keys = await client.keys.list().catch((error: unknown) => {
    if ((error as { status?: number }).status === 403) return undefined;
    throw error;
  });
  const stats = await client.stats.get();
  const seed = snapshotSeed({ channels, brand, schedule, items, keys, stats }, { redact });
  // Whatever the service echoed, no token reaches the seed.
  return redactDeep(seed, resultRedactorOf(client));
}

/** The message for the first cap the read passed, naming its flag; `undefined` within them all. */
function overCap(read: SnapshotCaps, caps: SnapshotCaps): string | undefined {
  const names = { pages: "pages", items: "items", bytes: "bytes of items" } as const;
  for (const what of ["pages", "items", "bytes"] as const) {
    if (read[what] > caps[what]) {
      return `stopped reading the items past ${caps[what]} ${names[what]} (--max-${what} ${caps[what]}), and wrote nothing; if the workspace is that large, raise --max-${what}`;
    }
  }
  return undefined;
}
