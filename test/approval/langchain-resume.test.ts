/**
 * A LangChain agent paused for a person and resumed in another process (a real child process
 * that shares only the checkpointer's saved data, and a review store where the test gives one):
 * no write carries `acknowledgeAiIsms: true` unless the person approved that exact text, for
 * this very call.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { MemorySaver } from "@langchain/langgraph";
import type { HITLRequest, Interrupt } from "langchain";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { langChainApproval, langChainTools } from "../../src/frameworks/langchain.js";
import { Postline } from "../../src/index.js";
import {
  createFakeService,
  type FakeServer,
  type FakeService,
  startFakeServer,
} from "../../src/testing/index.js";
import type { FakeSession } from "../support/fake-session.js";
import { agentPausingOn, modelCalling } from "../support/langchain-mock-model.js";
import { acknowledgedWrites, EDITED_TEXT, FLAGGED_TEXT } from "./support/acknowledgments.js";
import { fileReviewStore, savedCheckpoints } from "./support/saved-data.js";

const PEER = fileURLToPath(new URL("./support/langchain-resume-peer.ts", import.meta.url));
const KEY = "a shared requestStateKey of 32 bytes or more";

let service: FakeService;
let server: FakeServer;
let client: Postline;
let dir: string;
beforeEach(async () => {
  service = createFakeService();
  server = await startFakeServer(service, { port: 0 });
  const { apiKey } = service.defaults;
  client = new Postline({ apiKey, baseURL: server.url, maxRetries: 0, rateLimit: false });
  dir = mkdtempSync(join(tmpdir(), "postline-resume-"));
});
afterEach(() => server.close());

/** The fake's request log, as the shared helpers read it. */
const log = () => ({ service }) as unknown as FakeSession;

async function flagged(): Promise<string> {
  const channelId = service.defaults.channelIds[0] as string;
  return (await client.content.createDraft({ channelId, body: FLAGGED_TEXT })).id;
}

interface Asked {
  readonly checkpoints: string;
  readonly description: string | undefined;
}

/** This process asks: the agent pauses on `update_content` call `callId` for `itemId`. */
async function ask(
  itemId: string,
  thread: string,
  callId: string,
  options: Parameters<typeof langChainApproval>[1] = {},
): Promise<Asked> {
  const checkpointer = new MemorySaver();
  const agent = agentPausingOn({
    model: modelCalling([
      { id: callId, name: "update_content", args: { id: itemId, status: "pending" } },
    ]),
    tools: langChainTools(client, { tools: ["update_content"] }),
    interruptOn: langChainApproval(client, options),
    checkpointer,
  });
  const result = (await agent.invoke(
    { messages: [{ role: "user", content: "Approve." }] },
    { configurable: { thread_id: thread } },
  )) as { __interrupt__?: Interrupt<HITLRequest>[] };
  const description = result.__interrupt__?.[0]?.value.actionRequests[0]?.description;
  return { checkpoints: savedCheckpoints(checkpointer), description };
}

/** Another process resumes `thread` with the person's approval; resolves to what the model read. */
async function resumeElsewhere(
  asked: Asked,
  thread: string,
  env: { readonly REVIEWS?: string; readonly STATE_KEY?: string } = {},
): Promise<unknown[]> {
  const checkpoints = join(dir, `${thread}.json`);
  writeFileSync(checkpoints, asked.checkpoints);
  const peer = spawn(process.execPath, ["--import", "tsx", PEER], {
    env: {
      ...process.env,
      BASE_URL: server.url,
      API_KEY: service.defaults.apiKey,
      CHECKPOINTS: checkpoints,
      THREAD: thread,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: peer.stdout })[Symbol.asyncIterator]();
  const line = (await lines.next()).value as string | undefined;
  await new Promise((resolve) => peer.once("exit", resolve));
  return JSON.parse(line ?? "null") as unknown[];
}

describe("PATCH-3 langChainApproval resumed in another process", () => {
  it("with the default review store, the approval is not spent on a fresh read: it asks again", async () => {
    const itemId = await flagged();
    const asked = await ask(itemId, "t1", "c1");
    expect(asked.description).toContain(FLAGGED_TEXT);
    const read = await resumeElsewhere(asked, "t1");
    expect(read).toEqual([{ error: expect.objectContaining({ acknowledgmentRequired: true }) }]);
    expect(acknowledgedWrites(log(), itemId)).toBe(0);
  }, 30_000);

  it("a text edited between asking and resuming elsewhere is never acknowledged", async () => {
    const itemId = await flagged();
    const asked = await ask(itemId, "t2", "c2");
    await client.content.update(itemId, { content: EDITED_TEXT });
    await resumeElsewhere(asked, "t2");
    expect(acknowledgedWrites(log(), itemId)).toBe(0);
    expect((await client.content.get(itemId)).status).toBe("draft");
  }, 30_000);

  it("a shared store and key carry the approval of the text shown; an edited or moved review does not", async () => {
    const reviews = join(dir, "reviews.json");
    const shared = { reviews: fileReviewStore(reviews), requestStateKey: KEY };
    const env = { REVIEWS: reviews, STATE_KEY: KEY };

    // Approved as shown: one acknowledged write.
    const approved = await flagged();
    await resumeElsewhere(await ask(approved, "t3", "c3", shared), "t3", env);
    expect(acknowledgedWrites(log(), approved)).toBe(1);

    // The saved review edited to the text now stored: the person never saw it.
    const edited = await flagged();
    const askedEdited = await ask(edited, "t4", "c4", shared);
    await client.content.update(edited, { content: EDITED_TEXT });
    const saved = JSON.parse(readFileSync(reviews, "utf8"));
    saved.c4 = { ...saved.c4, text: EDITED_TEXT };
    writeFileSync(reviews, JSON.stringify(saved));
    await resumeElsewhere(askedEdited, "t4", env);
    expect(acknowledgedWrites(log(), edited)).toBe(0);

    // A review shown for another call of the same item, moved to this call.
    const moved = await flagged();
    await ask(moved, "t5", "c5", shared);
    const askedMoved = await ask(moved, "t6", "c6", shared);
    const both = JSON.parse(readFileSync(reviews, "utf8"));
    writeFileSync(reviews, JSON.stringify({ c6: both.c5 }));
    await resumeElsewhere(askedMoved, "t6", env);
    expect(acknowledgedWrites(log(), moved)).toBe(0);
  }, 60_000);
});
