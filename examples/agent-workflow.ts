/**
 * A day in the life of a content agent, end to end:
 *
 *  1. read the workspace: connected channels and the brand's canonical facts;
 *  2. write drafts, one of which trips the AI-ism gate, and approve it with the review a person saw;
 *  3. give planning-made posts a channel, and reschedule the one whose planned time passed;
 *  4. generate posts for several channels with the monthly quota nearly spent;
 *  5. walk the whole pipeline with `for await`.
 *
 *   npm run demo
 *
 * Without `POSTLINE_BASE_URL` it runs against the in-process contract fake. With
 * `POSTLINE_BASE_URL` and `POSTLINE_API_KEY` set, the same code runs against a real service.
 */
import {
  AcknowledgmentRequiredError,
  type Channel,
  type ContentItem,
  type ContentReview,
  PlannedTimePassedError,
  type Postline,
} from "../src/index.js";
import { expectThat } from "./support/expect-that.js";
import { runExample } from "./support/run-example.js";

const log = (line: string) => console.log(`  ${line}`);
const short = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

await runExample("agent workflow", async (session) => {
  const { client } = session;

  // 1. Know where you can post and what you may claim.
  const channels = await client.channels.list();
  const connected = channels.filter((channel) => channel.isActive !== false);
  log(`channels: ${connected.map(describeChannel).join(", ")}`);
  const profile = await client.brand.get();
  if (profile) {
    log(
      `brand: ${String(profile.name)}; facts to stay within: ${short(String(profile.aboutYou.facts))}`,
    );
  } else {
    log("brand: no profile yet (onboarding has not run)");
  }
  const x = connected.find((channel) => channel.platform === "x");
  const linkedin = connected.find((channel) => channel.platform === "linkedin");
  expectThat(x && linkedin, "the workspace needs a connected x and a connected linkedin channel");

  // 2. Drafts are free. The service scans them; approval asks before AI-isms go out.
  const clean = await client.content.createDraft({
    channelId: x.id,
    body: "Three things we learned shipping our scheduler this week. A thread.",
  });
  log(`draft ${clean.id} on ${clean.channelName}: "${short(clean.content)}"`);
  const risky = await client.content.createDraft({
    channelId: linkedin.id,
    body: "Let's delve into how small teams plan a month of posts in one afternoon.",
  });
  log(`draft ${risky.id} flagged AI-isms: ${risky.aiIsmMatches.map((m) => m.label).join(", ")}`);

  await approveOrReport(client, clean);
  try {
    await client.content.approve(risky.id);
    expectThat(false, "approving text with AI-isms should ask for an acknowledgment");
  } catch (error) {
    if (!(error instanceof AcknowledgmentRequiredError)) throw error;
    const labels = error.aiIsmMatches.map((m) => `${m.label} ("${m.match}")`).join(", ");
    log(`approval of ${risky.id} needs an acknowledgment: ${labels}`);
    // A person reads the exact text and its matches; the approval is bound to what they saw
    // (the SDK re-reads the item and acknowledges only if the text is unchanged).
    const review = await client.content.review(risky.id);
    log(`a person reviews "${short(review.text)}" and approves it`);
    await approveOrReport(client, risky, review);
  }

  // 3. Planning writes posts before a channel exists. Give each one a channel.
  let placed = 0;
  for await (const item of client.content.list({ status: "pending" })) {
    if (item.channelId !== "") continue;
    const channel = connected.find((candidate) => candidate.platform === item.platform);
    if (!channel) continue;
    try {
      await client.content.update(item.id, { channelId: channel.id });
      log(`${item.id} now posts on ${describeChannel(channel)}, queued at its planned time`);
    } catch (error) {
      if (!(error instanceof PlannedTimePassedError)) throw error;
      // The move and the approval stand, but nothing was queued: pick a new time.
      const inOneHour = new Date(Date.now() + 60 * 60 * 1000);
      const rescheduled = await client.content.schedule(item.id, { scheduledAt: inOneHour });
      log(`${item.id} missed its planned time; rescheduled for ${rescheduled.scheduledAt}`);
    }
    placed++;
  }
  log(`gave ${placed} planning-made post(s) a channel`);

  // 4. Generation costs one credit per channel. A partly spent quota is a success with a warning.
  if (session.service) session.service.setQuota({ used: 99 }); // the fake: one credit left of 100
  const generated = await client.content.generate({
    channelIds: [x.id, linkedin.id],
    prompt: "Announce our new weekly planning template",
  });
  for (const item of generated.items) log(`generated ${item.id} for ${item.channelName}`);
  if (generated.warning) {
    const missed = generated.warning.unfulfilledChannelIds.join(", ");
    log(`quota ran out part way (${generated.warning.code}); not written for: ${missed}`);
  }

  // Ship the clean draft now; the fake's provider publishes on its next tick.
  const shipping = await client.content.schedule(clean.id, { publishNow: true });
  log(`${shipping.id} is ${shipping.status}, going out on the next publish tick`);
  if (session.service) {
    session.service.provider.tick();
    const live = await client.content.get(clean.id);
    log(`${live.id} is ${live.status} at ${live.publishedUrl ?? "(no URL given)"}`);
  }

  // 5. Walk the pipeline: pages of 100 are fetched as the loop needs them.
  const byStatus = new Map<string, number>();
  for await (const item of client.content.list()) {
    byStatus.set(item.status, (byStatus.get(item.status) ?? 0) + 1);
  }
  log(`pipeline: ${[...byStatus].map(([status, n]) => `${n} ${status}`).join(", ")}`);
  expectThat(byStatus.size > 0, "the pipeline should hold the items this run created");
});

function describeChannel(channel: Channel): string {
  return `${String(channel.displayName ?? channel.id)} (${String(channel.platform)}, ${channel.id})`;
}

/** Approves an item; a passed planned time is reported, and the approval stands. */
async function approveOrReport(
  client: Postline,
  item: ContentItem,
  review?: ContentReview,
): Promise<void> {
  try {
    const options = review ? { acknowledge: review } : undefined;
    const approved = await client.content.approve(item.id, {}, options);
    const when = approved.scheduledAt ? `, queued for ${approved.scheduledAt}` : "";
    log(`approved ${approved.id}${review ? " (AI-isms acknowledged by a person)" : ""}${when}`);
  } catch (error) {
    if (!(error instanceof PlannedTimePassedError)) throw error;
    log(`approved ${item.id}, but this week's slots have passed: schedule it explicitly`);
  }
}
