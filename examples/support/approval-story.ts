/**
 * The story every approval example tells: three drafts whose text matches AI-writing patterns,
 * and a scripted person who approves the first, declines the second, and approves the third
 * after someone else edited it while the question was open (so it is asked again).
 */
import type { Postline } from "../../src/index.js";
import { expectThat } from "./expect-that.js";
import type { ExampleSession } from "./fake-or-real.js";

/** Text with two AI-ism matches (`delve`, `tapestry`) in the fake's default patterns. */
export const FLAGGED_TEXT = "We delve into the tapestry of our export speed.";
/** What a colleague writes while the person is deciding: still one match (`delve`). */
export const EDITED_TEXT = "Exports got faster; we delve into how.";

/** The three drafts of the story. */
export interface StoryItems {
  readonly approve: string;
  readonly decline: string;
  readonly edited: string;
}

/** Creates the three drafts on the session's first channel. */
export async function createStoryItems(session: ExampleSession): Promise<StoryItems> {
  const channelId = session.channelIds[0];
  if (channelId === undefined) throw new Error("the workspace needs a connected channel");
  const draft = async () =>
    (await session.client.content.createDraft({ channelId, body: FLAGGED_TEXT })).id;
  return { approve: await draft(), decline: await draft(), edited: await draft() };
}

/**
 * The scripted person: yes to `approve`, no to `decline`, and for `edited`, the first time,
 * a colleague edits the text before the answer (yes) arrives. Logs what they were shown.
 */
export function scriptedPerson(client: Postline, items: StoryItems) {
  let editedAsked = 0;
  return {
    async answer(itemId: string, shown: string): Promise<boolean> {
      console.log(`  person sees ${itemId}: ${shown.split("\n").join(" / ")}`);
      if (itemId === items.decline) return say(false);
      if (itemId === items.edited && editedAsked++ === 0) {
        await client.content.update(itemId, { content: EDITED_TEXT });
        console.log("  (a colleague edits the text before the person answers)");
      }
      return say(true);
    },
    /** How many times the person was asked about the edited item. */
    get editedAsked() {
      return editedAsked;
    },
  };
}

function say(approved: boolean): boolean {
  console.log(`  person answers: ${approved ? "approve" : "decline"}`);
  return approved;
}

/**
 * Checks the end of the story: `approve` and `edited` are approved, `decline` is still a draft,
 * the edited item was asked about twice, and (on the fake) exactly one request acknowledged
 * each approved item, none the declined one.
 */
export async function expectStoryEnding(
  session: ExampleSession,
  items: StoryItems,
  person: { editedAsked: number },
): Promise<void> {
  const status = async (id: string) => (await session.client.content.get(id)).status;
  expectThat((await status(items.approve)) === "pending", "the approved item is pending");
  expectThat((await status(items.decline)) === "draft", "the declined item is still a draft");
  const edited = await session.client.content.get(items.edited);
  expectThat(edited.status === "pending", "the edited item is pending after the second ask");
  expectThat(edited.content === EDITED_TEXT, "what was approved is the edited text");
  expectThat(
    person.editedAsked === 2,
    `the edited item was asked about twice (${person.editedAsked})`,
  );
  if (session.service === undefined) return;
  const acknowledged = (id: string) =>
    session.service?.requests.filter(
      (request) => request.acknowledgedAiIsms === true && request.path.startsWith(`/content/${id}`),
    ).length;
  const counts = [items.approve, items.decline, items.edited].map(acknowledged);
  console.log(`  acknowledged requests (approve, decline, edited): ${counts.join(", ")}`);
  expectThat(counts.join() === "1,0,1", "one acknowledged request per approved item, none else");
}
