/**
 * Draft review loop: write drafts, read the service's checks on each (length, sensitivity,
 * AI-isms), then rewrite, approve or reject — the job an editing agent does all day.
 *
 *   npx tsx examples/draft-review-loop.ts
 *
 * Runs against the in-process fake unless POSTLINE_BASE_URL (and POSTLINE_API_KEY) are set.
 */
import {
  AcknowledgmentRequiredError,
  type ContentItem,
  PlannedTimePassedError,
  type Postline,
} from "../src/index.js";
import { expectThat } from "./support/expect-that.js";
import { runExample } from "./support/run-example.js";

const DRAFTS = [
  "Exports are faster: a 50k-row CSV now downloads in under three seconds. Tell us what you export most.",
  "This is a game-changer: let's delve into the new export pipeline, where a 50k-row CSV takes three seconds.",
  `A long story about exports. ${"We rebuilt the pipeline from the ground up and measured every step. ".repeat(60)}`,
];

/** Plainer words for a few AI-isms; a real agent would ask its model for the rewrite instead. */
const PLAIN_WORDS: Record<string, string> = { delve: "look", "game-changer": "big step" };

type Verdict = { action: "approve"; item: ContentItem } | { action: "reject"; reason: string };

await runExample("draft review loop", async ({ client, channelIds }) => {
  const channelId = await pickChannel(client, channelIds);
  const outcomes = new Map<string, string>();

  for (const body of DRAFTS) {
    const draft = await client.content.createDraft({ channelId, body, topic: "exports" });
    expectThat(draft.status === "draft", `a new draft has status "draft", got ${draft.status}`);
    expectThat(draft.source === "api", `API drafts carry source "api", got ${draft.source}`);
    console.log(`  drafted ${draft.id} on ${draft.channelName}: ${preview(draft.content)}`);

    const verdict = await review(client, draft);
    if (verdict.action === "reject") {
      const rejected = await client.content.reject(draft.id, { reason: verdict.reason });
      expectThat(
        rejected.status === "cancelled",
        `a rejected item is cancelled, got ${rejected.status}`,
      );
      console.log(`  ✗ rejected ${draft.id}: ${verdict.reason}`);
    } else {
      const approved = await approve(client, verdict.item);
      console.log(`  ✓ approved ${approved.id} (${approved.status})`);
    }
    outcomes.set(draft.id, verdict.action);
  }

  // Read the items back: approved ones wait to publish, rejected ones are cancelled.
  const waiting = await client.content.list({ status: "all", channelId }).toArray({ max: 100 });
  for (const [id, action] of outcomes) {
    const status = waiting.find((item) => item.id === id)?.status;
    const expected = action === "approve" ? ["pending", "scheduled"] : ["cancelled"];
    expectThat(
      status && expected.includes(status),
      `${id} should be ${expected.join(" or ")}, is ${status}`,
    );
  }
  const queued = waiting.filter((item) => item.status === "pending" || item.status === "scheduled");
  console.log(`  ${queued.length} item(s) now wait to publish on this channel`);
});

/** The first connected channel, preferring `x`, whose short cap makes the length check visible. */
async function pickChannel(client: Postline, connected: readonly string[]): Promise<string> {
  const [x] = (await client.channels.list({ platform: "x" })).filter((c) =>
    connected.includes(c.id),
  );
  const channelId = x?.id ?? connected[0];
  expectThat(channelId, "the workspace has a connected channel");
  return channelId;
}

/** Reads the service's annotations and decides; AI-isms get one rewrite before approval. */
async function review(client: Postline, item: ContentItem): Promise<Verdict> {
  if (item.flagged)
    return { action: "reject", reason: `too long (${item.flagReasons.join(", ")})` };
  if (item.sensitive) return { action: "reject", reason: item.sensitivityReasons.join("; ") };
  if (item.aiIsmMatches.length === 0) return { action: "approve", item };

  const labels = item.aiIsmMatches.map((m) => m.label).join(", ");
  console.log(`    AI-isms found (${labels}); rewriting`);
  const rewritten = await client.content.update(item.id, { content: rewrite(item) });
  // Editing re-runs the scans, so the returned annotations describe the new text.
  console.log(`    after rewrite: ${rewritten.aiIsmMatches.length} match(es) left`);
  return { action: "approve", item: rewritten };
}

/** Replaces each matched phrase with a plainer one, or drops it. */
function rewrite(item: ContentItem): string {
  let text = item.content;
  for (const { label, match } of item.aiIsmMatches)
    text = text.split(match).join(PLAIN_WORDS[label] ?? "");
  return text
    .replace(/\s+([,.!?:])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/**
 * Approves, acknowledging AI-isms only when the service still finds some, and schedules for an
 * hour from now when the plan's time for the item has already passed.
 */
async function approve(client: Postline, item: ContentItem): Promise<ContentItem> {
  try {
    try {
      return await client.content.approve(item.id);
    } catch (error) {
      if (!(error instanceof AcknowledgmentRequiredError)) throw error;
      console.log(
        `    still matches ${error.aiIsmMatches.map((m) => m.label).join(", ")}: acknowledging`,
      );
      return await client.content.approve(item.id, { acknowledgeAiIsms: true });
    }
  } catch (error) {
    if (!(error instanceof PlannedTimePassedError)) throw error;
    // The approval stands, but nothing was queued: give it a time of its own.
    const scheduledAt = new Date(Date.now() + 60 * 60 * 1000);
    console.log(`    planned time passed; scheduling for ${scheduledAt.toISOString()}`);
    return client.content.schedule(error.item.id, { scheduledAt, acknowledgeAiIsms: true });
  }
}

function preview(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
