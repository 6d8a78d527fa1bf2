/**
 * The property of one-gate.test.ts on the paths that leave the test's process or its memory: no
 * write carries `acknowledgeAiIsms: true` unless a person approved that exact text for that
 * exact call. Each row is face × input × path: expected, and every row ends in the same
 * assertion, {@link expectRow}.
 *
 * The built `postline mcp` runs over stdio (both revisions, every kind of host) and over `--http`
 * (a form's answer or a card's token used again from another request or session) against a fake
 * served by this process, so the rows count its writes; an OpenAI Agents `RunState` is restored with the modules loaded afresh (its
 * own random key unless one is shared); a LangChain agent resumes in a real child process that
 * shares only the checkpointer's data and the review store.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { MemorySaver } from "@langchain/langgraph";
import { Agent, RunState } from "@openai/agents";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { langChainApproval, langChainTools } from "../../src/frameworks/langchain.js";
import { openAIAgentsTools } from "../../src/frameworks/openai-agents.js";
import { Postline } from "../../src/index.js";
import {
  createFakeService,
  type FakeServer,
  type FakeService,
  startFakeServer,
} from "../../src/testing/index.js";
import { connectClient, REVISIONS } from "../mcp/support/clients.js";
import { connectElicitingClient, type FormAnswer } from "../mcp/support/eliciting-clients.js";
import { type PostlineMcpHttp, startPostlineMcpHttp } from "../mcp/support/postline-mcp-http.js";
import { ENVELOPE_2026, postAs } from "../mcp/support/raw-rpc.js";
import type { FakeSession } from "../support/fake-session.js";
import { openFakeSession } from "../support/fake-session.js";
import { agentPausingOn, modelCalling } from "../support/langchain-mock-model.js";
import { fakedAgentsRunner, fakeResponsesAPI } from "../support/openai-agents-mock-model.js";
import { EDITED_TEXT, FLAGGED_TEXT, writesTo } from "./support/acknowledgments.js";
import { connectHost, TOKEN_KEY } from "./support/mcp-hosts.js";
import { fileReviewStore, savedCheckpoints } from "./support/saved-data.js";

const POSTLINE = fileURLToPath(new URL("../../dist/cli/postline.js", import.meta.url));
const PEER = fileURLToPath(new URL("./support/langchain-resume-peer.ts", import.meta.url));
const KEY = "a shared requestStateKey of 32 bytes or more";

type Expected =
  | "refused: content"
  | "one acknowledged write"
  | "none acknowledged"
  | "asked again, the new text acknowledged once";

/** What a row saw: the writes the fake received for the item, the forms shown, the error read. */
interface Seen {
  readonly writes: ReturnType<typeof writesTo>;
  readonly forms?: readonly string[];
  readonly error?: Record<string, unknown>;
}

/** The one assertion every row ends in. */
function expectRow(expected: Expected, seen: Seen) {
  const acknowledged = seen.writes.filter((write) => write.acknowledged);
  switch (expected) {
    case "refused: content":
      expect(seen.error).toMatchObject({ code: "validation_error", param: "content" });
      expect(seen.writes).toEqual([]);
      expect(seen.forms ?? []).toEqual([]);
      return;
    case "one acknowledged write":
      expect(acknowledged).toEqual([{ method: "PATCH", acknowledged: true }]);
      for (const form of seen.forms ?? []) expect(form).toContain(FLAGGED_TEXT);
      return;
    case "none acknowledged":
      expect(acknowledged).toEqual([]);
      return;
    case "asked again, the new text acknowledged once":
      // The first approval never went out: the person saw the new text and approved that.
      expect(seen.forms).toHaveLength(2);
      expect(seen.forms?.[0]).toContain(FLAGGED_TEXT);
      expect(seen.forms?.[1]).toContain(EDITED_TEXT);
      expect(acknowledged).toEqual([{ method: "PATCH", acknowledged: true }]);
  }
}

/** A fake served over HTTP by this process, so a child process can reach it. */
interface Served {
  readonly service: FakeService;
  readonly server: FakeServer;
  readonly client: Postline;
  /** The fake's request log, as the shared helpers read it. */
  readonly log: FakeSession;
  flagged(): Promise<string>;
}

async function serveFake(): Promise<Served> {
  const service = createFakeService();
  const server = await startFakeServer(service, { port: 0 });
  const { apiKey, channelIds } = service.defaults;
  const client = new Postline({ apiKey, baseURL: server.url, maxRetries: 0, rateLimit: false });
  const flagged = async () =>
    (await client.content.createDraft({ channelId: channelIds[0] as string, body: FLAGGED_TEXT }))
      .id;
  return { service, server, client, log: { service } as unknown as FakeSession, flagged };
}

let served: Served;
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((host) => host.close()));
});

const TEXT_STATUS_FLAG = (id: string) => ({
  id,
  content: EDITED_TEXT,
  status: "pending",
  acknowledgeAiIsms: true,
});
const APPROVE = (id: string) => ({ id, status: "pending", acknowledgeAiIsms: true });

function jsonOf(result: { content?: unknown }): Record<string, any> {
  return JSON.parse((result.content as { text: string }[])[0]?.text ?? "{}");
}

describe.each(REVISIONS)("the built postline mcp over stdio, %s, official client", (revision) => {
  beforeEach(async () => {
    served = await serveFake();
  });
  afterEach(() => served.server.close());

  function target(args: string[] = []) {
    expect(existsSync(POSTLINE), "dist/cli/postline.js exists: run npm run build first").toBe(true);
    const env = {
      PATH: process.env.PATH ?? "",
      POSTLINE_API_KEY: served.service.defaults.apiKey,
      POSTLINE_BASE_URL: served.server.url,
    };
    return { command: process.execPath, args: [POSTLINE, "mcp", ...args], env };
  }

  /** A form host whose person may do something (`meanwhile`) before approving. */
  async function formHost(meanwhile: () => Promise<void> = async () => {}) {
    const person = async (): Promise<FormAnswer> => {
      await meanwhile();
      return { action: "accept", content: { approve: true } };
    };
    const host = await connectElicitingClient(revision, target(), person);
    open.push(host);
    return host;
  }

  const rows: {
    face: "stdio";
    host: "form" | "apps" | "both" | "neither (--acknowledgment human)";
    input: "approve" | "text+status+flag";
    path: string;
    expected: Expected;
  }[] = [
    {
      face: "stdio",
      host: "form",
      input: "text+status+flag",
      path: "one call",
      expected: "refused: content",
    },
    {
      face: "stdio",
      host: "neither (--acknowledgment human)",
      input: "text+status+flag",
      path: "one call",
      expected: "refused: content",
    },
    {
      face: "stdio",
      host: "form",
      input: "approve",
      path: "form approved",
      expected: "one acknowledged write",
    },
    {
      face: "stdio",
      host: "form",
      input: "approve",
      path: "text edited between ask and answer",
      expected: "asked again, the new text acknowledged once",
    },
    {
      face: "stdio",
      host: "neither (--acknowledgment human)",
      input: "approve",
      path: "one call",
      expected: "none acknowledged",
    },
    ...(["apps", "both"] as const).flatMap((host) => [
      {
        face: "stdio",
        host,
        input: "text+status+flag",
        path: "one call",
        expected: "refused: content",
      } as const,
      {
        face: "stdio",
        host,
        input: "approve",
        path: "card approved",
        expected: "one acknowledged write",
      } as const,
      {
        face: "stdio",
        host,
        input: "approve",
        path: "text edited between card and approval",
        expected: "none acknowledged",
      } as const,
    ]),
  ];

  it.each(rows)(
    "PATCH-3 $face × $host host × $input × $path: $expected",
    async (row) => {
      const id = await served.flagged();
      const input = row.input === "approve" ? APPROVE(id) : TEXT_STATUS_FLAG(id);
      let seen: Seen;
      if (row.host === "form") {
        let edits = row.path === "text edited between ask and answer" ? 1 : 0;
        // Someone else edits the text while the first form is open.
        const host = await formHost(async () => {
          if (edits-- > 0) await served.client.content.update(id, { content: EDITED_TEXT });
        });
        const result = await host.callTool("update_content", input);
        seen = {
          writes: writesTo(served.log, id).filter((write) => write.content === undefined),
          forms: host.forms.map((form) => form.message),
          error: jsonOf(result).error,
        };
        if (row.path === "form approved") {
          expect(host.forms).toHaveLength(1);
          expect(writesTo(served.log, id)).toEqual([{ method: "PATCH", acknowledged: true }]);
        }
      } else if (row.host === "apps" || row.host === "both") {
        // A host that renders the card gets the card, never a form; the card decides.
        const host = await connectHost(revision, row.host, target());
        open.push(host);
        const shown = await host.call("update_content", input);
        if (row.path === "text edited between card and approval") {
          await served.client.content.update(id, { content: EDITED_TEXT });
        }
        if (row.path !== "one call") {
          expect(shown.structuredContent).toMatchObject({ status: "awaiting_review" });
          const reviewToken = shown._meta?.[TOKEN_KEY];
          await host.call("decide_review", { itemId: id, reviewToken, decision: "approve" });
        }
        seen = {
          writes: writesTo(served.log, id).filter((write) => write.content === undefined),
          forms: host.forms.map((form) => form.message),
          error: jsonOf(shown).error,
        };
        expect(host.forms).toEqual([]);
      } else {
        const host = await connectClient(revision, target(["--acknowledgment", "human"]));
        open.push(host);
        const result = await host.callTool({ name: "update_content", arguments: input });
        seen = { writes: writesTo(served.log, id), error: jsonOf(result).error };
      }
      expectRow(row.expected, seen);
    },
    30_000,
  );
});

describe("OpenAI Agents, a RunState serialised and restored with the modules loaded afresh", () => {
  let session: FakeSession;
  const aim = { id: "" };
  beforeEach(() => {
    const responses = fakeResponsesAPI((output) =>
      output === undefined
        ? { kind: "call", tool: "update_content", input: { id: aim.id, status: "pending" } }
        : { kind: "finish", text: "done" },
    );
    session = openFakeSession(responses.handler);
  });
  afterEach(() => session.close());

  const agentOf = (tools: typeof openAIAgentsTools) =>
    new Agent({
      name: "Approver",
      tools: tools(session.client, { tools: ["update_content"], requestStateKey: KEY }),
    });

  /** The reviews object inside saved state, wherever the SDK keeps the context. */
  function reviewsIn(saved: unknown): Record<string, unknown> {
    if (saved === null || typeof saved !== "object") return {};
    const holder = saved as Record<string, unknown>;
    if (holder.postlineReviews !== undefined)
      return holder.postlineReviews as Record<string, unknown>;
    for (const value of Object.values(holder)) {
      const found = reviewsIn(value);
      if (Object.keys(found).length > 0) return found;
    }
    return {};
  }

  const rows = [
    {
      face: "OpenAI Agents",
      input: "approve",
      path: "approved in the restored run",
      expected: "one acknowledged write",
    },
    {
      face: "OpenAI Agents",
      input: "approve",
      path: "text edited between ask and answer",
      expected: "none acknowledged",
    },
    {
      face: "OpenAI Agents",
      input: "approve",
      path: "review removed from the saved state",
      expected: "none acknowledged",
    },
    {
      face: "OpenAI Agents",
      input: "approve",
      path: "review moved to another call",
      expected: "none acknowledged",
    },
  ] as const;

  it.each(rows)("PATCH-3 $face × $input × $path: $expected", async (row) => {
    const channelId = session.channelIds[0] as string;
    const id = (await session.client.content.createDraft({ channelId, body: FLAGGED_TEXT })).id;
    aim.id = id;
    const asked = await fakedAgentsRunner().run(agentOf(openAIAgentsTools), "Approve it.", {
      context: {},
    });
    expect(asked.interruptions).toHaveLength(1);
    let saved = asked.state.toString();
    if (row.path === "review moved to another call") {
      // The same item asked about again: another call id; the first call's review moved to it.
      const [first] = Object.values(reviewsIn(JSON.parse(saved)));
      const again = await fakedAgentsRunner().run(agentOf(openAIAgentsTools), "Approve it.", {
        context: {},
      });
      const json = JSON.parse(again.state.toString());
      const reviews = reviewsIn(json);
      expect(Object.keys(reviews)).toHaveLength(1);
      for (const call of Object.keys(reviews)) reviews[call] = first;
      saved = JSON.stringify(json);
    }
    if (row.path === "text edited between ask and answer") {
      await session.client.content.update(id, { content: EDITED_TEXT });
    }
    if (row.path === "review removed from the saved state") {
      const json = JSON.parse(saved);
      const reviews = reviewsIn(json);
      expect(Object.keys(reviews)).toHaveLength(1);
      for (const call of Object.keys(reviews)) delete reviews[call];
      saved = JSON.stringify(json);
    }
    vi.resetModules();
    const elsewhere = (await import("../../src/frameworks/openai-agents.js")).openAIAgentsTools;
    const agent = agentOf(elsewhere);
    const restored = await RunState.fromString(agent, saved);
    for (const interruption of restored.getInterruptions()) restored.approve(interruption);
    await fakedAgentsRunner().run(agent, restored);
    expectRow(row.expected, { writes: writesTo(session, id) });
  });
});

describe("LangChain, a checkpointer whose data goes to another process", () => {
  let dir: string;
  beforeEach(async () => {
    served = await serveFake();
    dir = mkdtempSync(join(tmpdir(), "postline-one-gate-"));
  });
  afterEach(() => served.server.close());

  /** This process asks: the agent pauses on `update_content` call `callId` for `itemId`. */
  async function ask(itemId: string, thread: string, reviews: string): Promise<string> {
    const checkpointer = new MemorySaver();
    const agent = agentPausingOn({
      model: modelCalling([
        { id: `call_${thread}`, name: "update_content", args: { id: itemId, status: "pending" } },
      ]),
      tools: langChainTools(served.client, { tools: ["update_content"] }),
      interruptOn: langChainApproval(served.client, {
        reviews: fileReviewStore(reviews),
        requestStateKey: KEY,
      }),
      checkpointer,
    });
    await agent.invoke(
      { messages: [{ role: "user", content: "Approve." }] },
      { configurable: { thread_id: thread } },
    );
    return savedCheckpoints(checkpointer);
  }

  /** The child process resumes `thread` with the person's approval. */
  async function resumeElsewhere(checkpoints: string, thread: string, reviews: string) {
    const file = join(dir, `${thread}.json`);
    writeFileSync(file, checkpoints);
    const peer = spawn(process.execPath, ["--import", "tsx", PEER], {
      env: {
        ...process.env,
        BASE_URL: served.server.url,
        API_KEY: served.service.defaults.apiKey,
        CHECKPOINTS: file,
        THREAD: thread,
        REVIEWS: reviews,
        STATE_KEY: KEY,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const lines = createInterface({ input: peer.stdout })[Symbol.asyncIterator]();
    const line = (await lines.next()).value as string | undefined;
    await new Promise((resolve) => peer.once("exit", resolve));
    return JSON.parse(line ?? "null") as unknown[];
  }

  const rows = [
    {
      face: "LangChain",
      input: "approve",
      path: "approved in another process",
      expected: "one acknowledged write",
    },
    {
      face: "LangChain",
      input: "approve",
      path: "text edited between ask and answer",
      expected: "none acknowledged",
    },
    {
      face: "LangChain",
      input: "approve",
      path: "review removed from the saved store",
      expected: "none acknowledged",
    },
    {
      face: "LangChain",
      input: "approve",
      path: "review moved to another call",
      expected: "none acknowledged",
    },
  ] as const;

  it.each(rows)(
    "PATCH-3 $face × $input × $path: $expected",
    async (row) => {
      const id = await served.flagged();
      const reviews = join(dir, "reviews.json");
      const thread = "t1";
      const checkpoints = await ask(id, thread, reviews);
      if (row.path === "review moved to another call") {
        // Another call of the same item asks; its review is replaced with the first call's.
        const saved = await ask(id, "t2", reviews);
        const both = JSON.parse(readFileSync(reviews, "utf8"));
        writeFileSync(reviews, JSON.stringify({ call_t2: both.call_t1 }));
        await resumeElsewhere(saved, "t2", reviews);
        expectRow(row.expected, {
          writes: writesTo(served.log, id).filter((write) => write.content === undefined),
        });
        return;
      }
      if (row.path === "text edited between ask and answer") {
        await served.client.content.update(id, { content: EDITED_TEXT });
      }
      if (row.path === "review removed from the saved store") {
        expect(Object.keys(JSON.parse(readFileSync(reviews, "utf8")))).toHaveLength(1);
        writeFileSync(reviews, "{}");
      }
      await resumeElsewhere(checkpoints, thread, reviews);
      expectRow(row.expected, {
        writes: writesTo(served.log, id).filter((write) => write.content === undefined),
      });
    },
    30_000,
  );
});

describe("the built postline mcp --http, one endpoint, a decision replayed", () => {
  let endpoint: PostlineMcpHttp;
  beforeEach(async () => {
    served = await serveFake();
    const env = {
      PATH: process.env.PATH ?? "",
      POSTLINE_API_KEY: served.service.defaults.apiKey,
      POSTLINE_BASE_URL: served.server.url,
    };
    endpoint = await startPostlineMcpHttp([], env, { fake: false });
  });
  afterEach(async () => {
    await endpoint.stop();
    await served.server.close();
  });

  const ELICITING = {
    ...ENVELOPE_2026,
    "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
  };
  const APPROVED = { acknowledgment: { action: "accept", content: { approve: true } } };

  /** One `tools/call` in its own HTTP request. */
  async function toolsCall(args: object, retry: object = {}) {
    const [answer] = await postAs("2026-07-28", (request) => fetch(request), endpoint.url, {
      ...{ jsonrpc: "2.0", id: 7, method: "tools/call" },
      params: { name: "update_content", arguments: args, ...retry, _meta: ELICITING },
    } as never);
    return answer as { result?: Record<string, any>; error?: Record<string, unknown> };
  }

  const rows = [
    {
      face: "MCP --http",
      input: "approve",
      path: "form's approved requestState replayed in another request",
      expected: "one acknowledged write",
    },
  ] as const;

  it.each(rows)(
    "PATCH-3 $face × form host × $input × $path: $expected",
    async (row) => {
      const id = await served.flagged();
      const args = { id, status: "pending" };
      const asked = await toolsCall(args);
      const form = JSON.stringify(asked.result?.inputRequests ?? asked.result);
      const retry = { inputResponses: APPROVED, requestState: asked.result?.requestState };
      expect((await toolsCall(args, retry)).result?.isError).toBeFalsy();
      await served.client.content.unapprove(id);
      const replayed = await toolsCall(args, retry);
      expect(replayed.error).toMatchObject({ code: -32602 });
      expectRow(row.expected, {
        writes: writesTo(served.log, id).filter((write) => write.method === "PATCH"),
        forms: [form],
      });
    },
    30_000,
  );

  const cardRows = [
    {
      face: "MCP --http",
      revision: "2025-11-25",
      input: "approve",
      path: "card token replayed in another session",
      expected: "one acknowledged write",
    },
    {
      face: "MCP --http",
      revision: "2026-07-28",
      input: "approve",
      path: "card token replayed in another request",
      expected: "one acknowledged write",
    },
  ] as const;

  it.each(cardRows)(
    "PATCH-3 $face × Apps host × $revision × $input × $path: $expected",
    async (row) => {
      const id = await served.flagged();
      const url = new URL(endpoint.url);
      const first = await connectHost(row.revision, "apps", url);
      open.push(first);
      const shown = await first.call("update_content", { id, status: "pending" });
      const decide = { itemId: id, reviewToken: shown._meta?.[TOKEN_KEY], decision: "approve" };
      expect((await first.call("decide_review", decide)).isError).toBeFalsy();
      await served.client.content.unapprove(id);
      // The same token, from another host of the same endpoint.
      const second = await connectHost(row.revision, "apps", url);
      open.push(second);
      const replayed = await second.call("decide_review", decide);
      expect(replayed.isError).toBe(true);
      expect(jsonOf(replayed).error).toMatchObject({ code: "review_refused" });
      expectRow(row.expected, {
        writes: writesTo(served.log, id).filter((write) => write.method === "PATCH"),
      });
    },
    30_000,
  );
});
