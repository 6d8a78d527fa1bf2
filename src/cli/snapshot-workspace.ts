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

/** The seed of the client's workspace; `redact` blanks the items' text. */
export async function snapshotWorkspace(
  client: Postline,
  { redact, progress }: { redact: boolean; progress?: ProgressLine | undefined },
): Promise<FakeSeedJson> {
  progress?.pageRequested();
  const channels = await client.channels.list();
  const brand = await client.brand.get();
  const schedule = await client.schedule.get();
  const items: Record<string, unknown>[] = [];
  for await (const page of client.content.list({ status: "all" }).pages()) {
    items.push(...(page.items as Record<string, unknown>[]));
    progress?.counted(items.length);
    progress?.pageRequested();
  }
  // A key without admin scope may not list keys: the seed then gets one admin test key.
  const keys = await client.keys.list().catch((error: unknown) => {
    if ((error as { status?: number }).status === 403) return undefined;
    throw error;
  });
  const stats = await client.stats.get();
  const seed = snapshotSeed(
    {
      channels: channels as never,
      brand: brand as never,
      schedule: schedule as never,
      items,
      keys: keys as never,
      stats: stats as never,
    },
    { redact },
  );
  // Whatever the service echoed, no token reaches the seed.
  return redactDeep(seed, resultRedactorOf(client));
}
