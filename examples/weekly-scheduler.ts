/**
 * Weekly scheduler: read the workspace's posting slots from `schedule.get()`, find the ones in
 * the coming week that nothing is booked for yet, and fill each with a post scheduled at the
 * slot's time. Running it twice fills nothing the second time.
 *
 *   npx tsx examples/weekly-scheduler.ts
 *
 * Runs against the in-process fake unless POSTLINE_BASE_URL (and POSTLINE_API_KEY) are set.
 */
import type { Channel, Postline, ScheduleSlot } from "../src/index.js";
import { expectThat } from "./support/expect-that.js";
import { nextSlotTime } from "./support/next-slot-time.js";
import { runExample } from "./support/run-example.js";

interface OpenSlot {
  slot: ScheduleSlot;
  at: Date;
  channel: Channel;
}

await runExample("weekly scheduler", async ({ client, channelIds }) => {
  // "The coming week" is fixed when the run starts, so both passes look at the same slot times:
  // a slot that passes the margin between them would otherwise move to next week and look open.
  // The margin: a slot minutes away could pass while creates wait for their turn.
  const earliest = new Date(Date.now() + 15 * 60 * 1000);
  const first = await fillOpenSlots(client, channelIds, earliest);
  console.log(`  first pass: filled ${first} slot(s)`);

  const second = await fillOpenSlots(client, channelIds, earliest);
  console.log(`  second pass: filled ${second} slot(s)`);
  expectThat(second === 0, `a second pass finds every slot booked, but it filled ${second}`);
});

/** Books every open slot of the coming week; returns how many it filled. */
async function fillOpenSlots(
  client: Postline,
  connected: readonly string[],
  earliest: Date,
): Promise<number> {
  const open = await findOpenSlots(client, connected, earliest);
  if (open.length > 10) {
    // Each booking is one POST /content, limited to 10 a minute per key: the client waits its turn.
    console.log(
      `  ${open.length} open slot(s); creates are paced to 10 a minute, so this takes a while`,
    );
  }
  for (const { slot, at, channel } of open) {
    const topic = String(slot.topicCategory ?? "update");
    // The eleventh create of a minute waits a little over one window for its slot: a plain loop.
    const draft = await client.content.createDraft({
      channelId: channel.id,
      body: `This week's ${topic} note: what we shipped, what we learned, and what is next.`,
      topic,
    });
    // Scheduling approves the draft first when needed; the time is snapped to 5 minutes.
    const scheduled = await client.content.schedule(draft.id, { scheduledAt: at });
    expectThat(
      scheduled.status === "scheduled",
      `${draft.id} is scheduled, got ${scheduled.status}`,
    );
    expectThat(
      scheduled.scheduledAt !== undefined && Date.parse(scheduled.scheduledAt) === at.getTime(),
      `${draft.id} is booked at the slot time ${at.toISOString()}, got ${scheduled.scheduledAt}`,
    );
    console.log(`  booked ${describeSlot(slot, at)} → ${scheduled.id} on ${scheduled.channelName}`);
  }
  return open.length;
}

/** Enabled slots of the seven days from `earliest` that have a channel and no booked post yet. */
async function findOpenSlots(
  client: Postline,
  connected: readonly string[],
  earliest: Date,
): Promise<OpenSlot[]> {
  const { config, slots } = await client.schedule.get();
  const timeZone = typeof config.timezone === "string" ? config.timezone : "UTC";
  const channels = (await client.channels.list()).filter((c) => connected.includes(c.id));
  const booked = await bookedTimes(client);

  const open: OpenSlot[] = [];
  for (const slot of slots) {
    if (slot.enabled !== true) continue;
    const at = nextSlotTime(slot, timeZone, earliest);
    const channel = channelFor(channels, slot.platform);
    if (!at || !channel) {
      console.log(
        `  skipping ${describeSlot(slot, at)}: ${at ? "no connected channel" : "no time this week"}`,
      );
      continue;
    }
    if (!booked.has(`${channel.platform}@${at.getTime()}`)) open.push({ slot, at, channel });
  }
  return open;
}

/** `platform@epochMs` for every post already waiting at a fixed time. */
async function bookedTimes(client: Postline): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const status of ["scheduled", "pending"] as const) {
    for await (const item of client.content.list({ status })) {
      if (item.scheduledAt) keys.add(`${item.platform}@${Date.parse(item.scheduledAt)}`);
    }
  }
  return keys;
}

/** The platform's default connected channel, else its first. */
function channelFor(channels: readonly Channel[], platform: unknown): Channel | undefined {
  const onPlatform = channels.filter((channel) => channel.platform === platform);
  return onPlatform.find((channel) => channel.isDefault === true) ?? onPlatform[0];
}

function describeSlot(slot: ScheduleSlot, at: Date | null): string {
  const when = at ? at.toISOString().slice(0, 16).replace("T", " ") : "—";
  return `${String(slot.platform)} slot ${String(slot.id)} (${when} UTC)`;
}
