import type { ContentItem } from "../../../src/index.js";
import type { FakeSession } from "../../support/fake-session.js";

/** Text the fake's default AI-ism patterns flag (`delve`, `tapestry`). */
export const FLAGGED_TEXT = "We delve into the tapestry of export speed.";
/** What someone else writes while the person is deciding: still flagged (`delve`). */
export const EDITED_TEXT = "Now we delve into tariffs.";

/** A fresh draft with flagged text on the seed's first channel. */
export function flaggedDraft(session: FakeSession, body = FLAGGED_TEXT): Promise<ContentItem> {
  const channelId = session.channelIds[0] as string;
  return session.client.content.createDraft({ channelId, body });
}

/** The writes the fake received for one item, and whether each carried `acknowledgeAiIsms: true`. */
export function writesTo(session: FakeSession, id: string) {
  return session.service.requests
    .filter((request) => request.method !== "GET" && request.path.startsWith(`/content/${id}`))
    .map((request) => {
      const body = request.body as { acknowledgeAiIsms?: unknown; content?: unknown } | undefined;
      return {
        method: request.method,
        acknowledged: body?.acknowledgeAiIsms === true,
        ...(typeof body?.content === "string" ? { content: body.content } : {}),
      };
    });
}

/** How many writes to the item carried the acknowledgment. */
export function acknowledgedWrites(session: FakeSession, id: string): number {
  return writesTo(session, id).filter((write) => write.acknowledged).length;
}

/** The item's status as the fake holds it. */
export async function statusOf(session: FakeSession, id: string): Promise<string> {
  return (await session.client.content.get(id)).status;
}

/**
 * Every encoding of a tool input the runner accepts, as a model may send it: the object, its
 * JSON text, the JSON text of that JSON text, and both texts with a byte-order mark and
 * whitespace around them.
 */
export function encodingsOf(input: Record<string, unknown>): [string, unknown][] {
  const text = JSON.stringify(input);
  return [
    ["an object", input],
    ["JSON text", text],
    ["JSON text of JSON text", JSON.stringify(text)],
    ["JSON text with a BOM and whitespace", `\uFEFF \n${text}\t `],
    ["JSON text of JSON text with a BOM and whitespace", `\uFEFF ${JSON.stringify(` ${text}\n`)}`],
  ];
}
