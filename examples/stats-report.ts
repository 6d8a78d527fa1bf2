/**
 * Stats report: a weekly and a monthly summary of the pipeline, channel balance, AI-ism rate and
 * generation quota, printed as plain text an agent can paste into a status update.
 *
 *   npx tsx examples/stats-report.ts
 *
 * Runs against the in-process fake unless POSTLINE_BASE_URL (and POSTLINE_API_KEY) are set.
 */
import type { Stats } from "../src/index.js";
import { expectThat } from "./support/expect-that.js";
import { runExample } from "./support/run-example.js";

await runExample("stats report", async ({ client, channelIds }) => {
  // Give an empty workspace something to count.
  const [channelId] = channelIds;
  expectThat(channelId, "the workspace has a connected channel");
  await client.content.createDraft({ channelId, body: "Release notes for this week are up." });

  for (const days of [7, 30]) {
    const stats = await client.stats.get({ days });
    expectThat(stats.windowDays === days, `asked for ${days} days, got ${stats.windowDays}`);
    expectThat(stats.aiIsm.rate >= 0 && stats.aiIsm.rate <= 1, "aiIsm.rate is a fraction");
    expectThat(stats.pipeline.total >= 1, "the draft just created is counted");
    console.log(formatReport(stats));
  }
});

function formatReport(stats: Stats): string {
  const lines = [`\n  Last ${stats.windowDays} days`, "  ──────────────"];
  lines.push(
    `  pipeline: ${stats.pipeline.total} item(s) — ${formatCounts(stats.pipeline.byStatus)}`,
  );
  lines.push(`  sources:  ${formatCounts(stats.pipeline.sourceMix)}`);
  for (const channel of stats.channelBalance) {
    const name = `${String(channel.displayName)} (${channel.platform})`;
    lines.push(
      `  ${name.padEnd(36)} ${String(channel.total).padStart(4)}  ${formatCounts(channel.counts)}`,
    );
  }
  const { flagged, total, rate } = stats.aiIsm;
  lines.push(`  AI-isms:  ${flagged} of ${total} item(s) (${(rate * 100).toFixed(1)}%)`);
  const { current, limit, plan, periodEnd } = stats.usage;
  const quota = limit === null ? "unlimited" : `${current} of ${limit} credits`;
  lines.push(`  quota:    ${quota} on plan ${String(plan)}, resets ${String(periodEnd)}`);
  return lines.join("\n");
}

function formatCounts(counts: Record<string, number>): string {
  const nonZero = Object.entries(counts).filter(([, n]) => n > 0);
  return nonZero.length === 0 ? "none" : nonZero.map(([key, n]) => `${key} ${n}`).join(", ");
}
