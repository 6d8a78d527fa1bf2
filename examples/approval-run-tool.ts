/**
 * `runTool` with `confirm`: a runner without an approval step of its own asks a person before a
 * tool acknowledges AI-ism matches. A scripted model approves three drafts; a scripted person
 * approves one, declines one, and meets a text edited while they were deciding (asked again).
 *
 *   npx tsx examples/approval-run-tool.ts
 *
 * No network and no model provider. Exits non-zero when the story does not end as expected.
 */
import { isToolError, runTool } from "../src/tools/index.js";
import { createStoryItems, expectStoryEnding, scriptedPerson } from "./support/approval-story.js";
import { expectThat } from "./support/expect-that.js";
import { runExample } from "./support/run-example.js";

await runExample("runTool with confirm: a person approves AI-isms", async (session) => {
  const items = await createStoryItems(session);
  const person = scriptedPerson(session.client, items);
  const confirm = (review: {
    itemId: string;
    text: string;
    aiIsmMatches: readonly { label: string }[];
  }) =>
    person.answer(
      review.itemId,
      `${review.aiIsmMatches.map((m) => m.label).join(", ")}: ${review.text}`,
    );

  // The scripted model: one update_content call per draft; it reads each result.
  for (const id of [items.approve, items.decline, items.edited]) {
    const result = await runTool(
      session.client,
      "update_content",
      { id, status: "pending" },
      { confirm },
    );
    const said = isToolError(result) ? `${result.error.code}: ${result.error.message}` : "approved";
    console.log(`  model reads for ${id}: ${said}`);
    if (id === items.decline) expectThat(isToolError(result), "the decline reaches the model");
  }
  await expectStoryEnding(session, items, person);
});
