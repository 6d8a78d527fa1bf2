/**
 * The fake shows which approvals a person made in the review card: the card's writes say so with
 * one header, and `/fake/requests`, `/fake/state` (the watch page's data) and `--log` lines mark
 * them, over real HTTP. Any other approval, acknowledged or not, is marked by none of them.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { requestLine } from "../../src/cli/request-line.js";
import { APPROVAL_SOURCE_HEADER } from "../../src/contract/approval-source.js";
import { Postline } from "../../src/index.js";
import { createMcpServer } from "../../src/mcp/index.js";
import { createMcpHttpEndpoint } from "../../src/mcp/transport/http-endpoint.js";
import {
  createFakeService,
  type FakeServer,
  type FakeService,
  startFakeServer,
  type WatchedRequest,
} from "../../src/testing/index.js";
import { FLAGGED_TEXT } from "../approval/support/acknowledgments.js";
import { REVISIONS, type Revision } from "./support/clients.js";
import { inProcessFetch } from "./support/in-memory-client.js";

const APPS = { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } };
const TOKEN_KEY = "io.postline/reviewToken";

let server: FakeServer | undefined;
const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
  await server?.close();
  server = undefined;
});

/** A fake over real HTTP, a client of it, and lines of `--log` as the fake answers. */
async function fakeOverHttp() {
  const service: FakeService = createFakeService();
  server = await startFakeServer(service, { port: 0, watch: true });
  const lines: string[] = [];
  service.onRequest((entry) => lines.push(requestLine(entry)));
  const { apiKey, channelIds } = service.defaults;
  const client = new Postline({ apiKey, baseURL: server.url, maxRetries: 0 });
  const draft = () =>
    client.content.createDraft({ channelId: channelIds[0] as string, body: FLAGGED_TEXT });
  return { url: server.url, client, draft, lines };
}

/** A host that renders MCP Apps, on createMcpServer with `client`. */
async function appsHost(revision: Revision, client: Postline): Promise<Client> {
  const endpoint = createMcpHttpEndpoint(() => createMcpServer({ client }));
  const host = new Client(
    { name: "review-card-watch-test", version: "1.0.0" },
    {
      versionNegotiation: { mode: revision === "2025-11-25" ? "legacy" : { pin: revision } },
      capabilities: { extensions: APPS },
    },
  );
  open.push(host);
  await host.connect(
    new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
      fetch: inProcessFetch(endpoint),
    }),
  );
  return host;
}

/** What the person does in the card: the gated call opens it, then approve (or schedule). */
async function approveInCard(host: Client, id: string, scheduledAt?: string) {
  const gated = await host.callTool(
    scheduledAt === undefined
      ? { name: "update_content", arguments: { id, status: "pending" } }
      : { name: "schedule_content", arguments: { id, scheduledAt } },
  );
  expect(gated.structuredContent).toMatchObject({ status: "awaiting_review" });
  const reviewToken = (gated._meta as Record<string, unknown>)[TOKEN_KEY];
  const decision = scheduledAt === undefined ? "approve" : "schedule";
  const decided = await host.callTool({
    name: "decide_review",
    arguments: { itemId: id, reviewToken, decision, ...(scheduledAt ? { scheduledAt } : {}) },
  });
  expect(decided.isError).toBeFalsy();
}

/** A five-minute mark two hours ahead: the service snaps scheduled times to five minutes. */
function twoHoursAhead(): string {
  const fiveMinutes = 300_000;
  return new Date(Math.ceil((Date.now() + 7_200_000) / fiveMinutes) * fiveMinutes).toISOString();
}

async function inReviewCard(url: string) {
  const state = (await (await fetch(`${url}/fake/state`)).json()) as State;
  return state.workspaces[0]?.approvedInReviewCard;
}

/** The journal's entries for one item, read over HTTP as any language would. */
async function journal(url: string, id: string): Promise<WatchedRequest[]> {
  const response = await fetch(`${url}/fake/requests`);
  const { requests } = (await response.json()) as { requests: WatchedRequest[] };
  return requests.filter((entry) => entry.path.startsWith(`/content/${id}`));
}

const marked = (requests: WatchedRequest[]) =>
  requests
    .filter((entry) => entry.approvalSource === "review-card")
    .map(({ method, status, acknowledgedAiIsms }) => ({ method, status, acknowledgedAiIsms }));

interface State {
  workspaces: {
    acknowledgedItems: { id: string; status: string }[];
    approvedInReviewCard: { id: string; status: string }[];
  }[];
}

describe.each(REVISIONS)("the watch page shows approvals from the review card, %s", (revision) => {
  it("PATCH-3 a card approval marks its PATCH in /fake/requests and its item in /fake/state; an ordinary one marks none", async () => {
    const fake = await fakeOverHttp();
    const inCard = await fake.draft();
    const ordinary = await fake.draft();
    await approveInCard(await appsHost(revision, fake.client), inCard.id);
    const review = await fake.client.content.review(ordinary.id);
    await fake.client.content.approve(ordinary.id, {}, { acknowledge: review });

    // The re-read just before the write is the card's too.
    expect(marked(await journal(fake.url, inCard.id))).toEqual([
      { method: "GET", status: 200, acknowledgedAiIsms: false },
      { method: "PATCH", status: 200, acknowledgedAiIsms: true },
    ]);
    const other = await journal(fake.url, ordinary.id);
    expect(marked(other)).toEqual([]);
    expect(other.filter((entry) => entry.acknowledgedAiIsms)).toHaveLength(1);

    const state = (await (await fetch(`${fake.url}/fake/state`)).json()) as State;
    const [workspace] = state.workspaces;
    expect(workspace?.approvedInReviewCard).toEqual([{ id: inCard.id, status: "pending" }]);
    expect(workspace?.acknowledgedItems.map((item) => item.id).sort()).toEqual(
      [inCard.id, ordinary.id].sort(),
    );
    const patches = fake.lines.filter((line) => / PATCH /.test(line));
    expect(patches.filter((line) => line.includes("[review card]"))).toHaveLength(1);
    expect(patches.find((line) => line.includes(inCard.id))).toMatch(
      /\[acknowledgeAiIsms\] \[review card\]/,
    );
  });

  it("PATCH-3 scheduling in the card marks its POST and the scheduled item", async () => {
    const fake = await fakeOverHttp();
    const draft = await fake.draft();
    await approveInCard(await appsHost(revision, fake.client), draft.id, twoHoursAhead());
    expect(await inReviewCard(fake.url)).toEqual([{ id: draft.id, status: "scheduled" }]);
    expect(marked(await journal(fake.url, draft.id))).toEqual([
      { method: "GET", status: 200, acknowledgedAiIsms: false },
      { method: "POST", status: 200, acknowledgedAiIsms: true },
    ]);
  });

  it("PATCH-3 an item un-approved, then approved outside the card, is no longer marked", async () => {
    const fake = await fakeOverHttp();
    const draft = await fake.draft();
    await approveInCard(await appsHost(revision, fake.client), draft.id);
    expect(await inReviewCard(fake.url)).toEqual([{ id: draft.id, status: "pending" }]);
    await fake.client.content.update(draft.id, { status: "draft" });
    expect(await inReviewCard(fake.url)).toEqual([]);
    const review = await fake.client.content.review(draft.id);
    await fake.client.content.approve(draft.id, {}, { acknowledge: review });
    expect(await inReviewCard(fake.url)).toEqual([]);
  });
});

describe("the approval-source header", () => {
  it("only the exact value review-card is recorded: any other text is dropped, never shown", async () => {
    const fake = await fakeOverHttp();
    const draft = await fake.draft();
    for (const value of [
      "Review-Card",
      "review-card, review-card",
      "sk_live_Zq81xVbN3kLmP0aS9dF2",
      "card",
    ]) {
      await fake.client.content.get(draft.id, { headers: { [APPROVAL_SOURCE_HEADER]: value } });
    }
    const reads = await journal(fake.url, draft.id);
    expect(reads.map((entry) => entry.approvalSource)).toEqual([null, null, null, null]);
    expect(JSON.stringify(reads)).not.toContain("Zq81xVbN3kLmP0aS9dF2");
  });
});
