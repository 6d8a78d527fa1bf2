/**
 * The review card in headless Chromium, in a host page built on
 * `@modelcontextprotocol/ext-apps/app-bridge`, with the official v2 client (in Node) calling the
 * server for the card, in both revisions: approve, approve and schedule, edit then approve,
 * decline, and a text changed behind the card; and a host that picks the card from `tools/list`
 * as real hosts do, for a gated call and for one that needed no review. The frame makes no
 * request at all and logs no error.
 *
 * Needs Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium) and the built card
 * (`npm run build`). Without Chromium the test is skipped, unless POSTLINE_REQUIRE_CHROMIUM=1.
 * With POSTLINE_CARD_SCREENSHOT=<file> it saves the card's screenshot (docs/approval-card.png).
 */

import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { getToolUiResourceUri } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMcpServer } from "../../src/mcp/index.js";
import { createMcpHttpEndpoint } from "../../src/mcp/transport/http-endpoint.js";
import {
  acknowledgedWrites,
  EDITED_TEXT,
  FLAGGED_TEXT,
  flaggedDraft,
  statusOf,
  writesTo,
} from "../approval/support/acknowledgments.js";
import { chromiumAvailable as available, launchChromium } from "../support/chromium.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { hostPageHtml, hostPageScript } from "./support/card-host/host-page-bundle.js";
import { REVISIONS, type Revision } from "./support/clients.js";
import { inProcessFetch } from "./support/in-memory-client.js";
import { type PostlineMcpHttp, startPostlineMcpHttp } from "./support/postline-mcp-http.js";

const APPS = { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } };

let browser: Browser | undefined;
let hostScript = "";
beforeAll(async () => {
  if (!available) return;
  hostScript = await hostPageScript();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

let session: FakeSession | undefined;
let context: BrowserContext | undefined;
const clients: Client[] = [];
afterEach(async () => {
  await context?.close();
  await Promise.all(clients.splice(0).map((client) => client.close()));
  session?.close();
  session = undefined;
});

interface Host {
  page: Page;
  client: Client;
  card: ReturnType<Page["frameLocator"]>;
  requests: string[];
  errors: string[];
  modelContext: string[];
}

/**
 * The official client, as a host that renders Apps, and the page that shows the card: against
 * createMcpServer in process (the fake behind msw), or `postline mcp --fake --http` at `url`.
 */
async function openHost(revision: Revision, url?: string): Promise<Host> {
  const client = new Client(
    { name: "card-browser-test", version: "1.0.0" },
    {
      versionNegotiation: { mode: revision === "2025-11-25" ? "legacy" : { pin: revision } },
      capabilities: { extensions: APPS },
    },
  );
  clients.push(client);
  const transport = url
    ? new StreamableHTTPClientTransport(new URL(url))
    : new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
        fetch: inProcessFetch(
          createMcpHttpEndpoint(() => createMcpServer({ client: (session as FakeSession).client })),
        ),
      });
  await client.connect(transport);
  context = await (browser as Browser).newContext({
    timezoneId: "UTC",
    viewport: { width: 680, height: 600 },
  });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  const modelContext: string[] = [];
  context.on("request", (request) => requests.push(request.url()));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.exposeFunction("hostCallTool", (params: { name: string; arguments?: object }) =>
    client.callTool(params as never),
  );
  await page.exposeFunction("hostModelContext", (params: { content?: { text?: string }[] }) => {
    modelContext.push((params.content ?? []).map((block) => block.text ?? "").join(" "));
  });
  await page.exposeFunction("hostMessage", () => undefined);
  await page.setContent(hostPageHtml(hostScript));
  await page.waitForFunction(() => "openCard" in window);
  return { page, client, card: page.frameLocator("iframe"), requests, errors, modelContext };
}

/** A gated call the model makes, answered with the card, which the host then shows. */
async function showCard(host: Host, itemId: string): Promise<void> {
  const result = await host.client.callTool({
    name: "update_content",
    arguments: { id: itemId, status: "pending" },
  });
  expect(result.structuredContent).toMatchObject({ status: "awaiting_review", itemId });
  await renderInCard(host, "ui://postline/review", result);
  await expect.poll(() => host.card.locator("#approve").isEnabled()).toBe(true);
}

/** The host reads the UI resource `uri` and shows it with the tool's result. */
async function renderInCard(host: Host, uri: string, result: unknown): Promise<void> {
  const { contents } = await host.client.readResource({ uri });
  const html = (contents[0] as { text: string }).text;
  await host.page.evaluate(
    ([page, toolResult]) =>
      (window as unknown as { openCard(h: string, r: unknown): Promise<void> }).openCard(
        page as string,
        toolResult,
      ),
    [html, result] as const,
  );
}

/**
 * A host as real ones work: it picks a tool's UI from the tool's definition in `tools/list`
 * (ext-apps' `getToolUiResourceUri`), calls the tool, and shows that UI with the result, whatever
 * the result is. Returns the UI it showed, if any.
 */
async function callAsHost(
  host: Host,
  name: string,
  args: Record<string, unknown>,
): Promise<string | undefined> {
  const { tools } = await host.client.listTools();
  const tool = tools.find((listed) => listed.name === name);
  expect(tool, name).toBeDefined();
  const uri = getToolUiResourceUri(tool as NonNullable<typeof tool>);
  const result = await host.client.callTool({ name, arguments: args });
  if (uri !== undefined) await renderInCard(host, uri, result);
  return uri;
}

/** The in-process fake of the current test. */
function fake(): FakeSession {
  return session as FakeSession;
}

function expectQuietFrame(host: Host): void {
  expect(host.requests).toEqual([]);
  expect(host.errors).toEqual([]);
}

describe.skipIf(!available).each(REVISIONS)("the review card in Chromium, %s", (revision) => {
  beforeEach(() => {
    session = openFakeSession();
  });
  it("PATCH-3 approve: pending, exactly one PATCH carried the acknowledgment, the model is told", async () => {
    const draft = await flaggedDraft(fake());
    const host = await openHost(revision);
    await showCard(host, draft.id);
    expect(await host.card.locator("#text").textContent()).toBe(FLAGGED_TEXT);
    expect(await host.card.locator("mark").allTextContents()).toEqual(
      expect.arrayContaining(["delve"]),
    );
    expect(await host.card.locator("#approve-help").textContent()).toMatch(
      /Approving acknowledges these \d+ matches for this exact text/,
    );
    const screenshot = process.env.POSTLINE_CARD_SCREENSHOT;
    if (screenshot && revision === "2026-07-28") {
      await host.page.locator("iframe").screenshot({ path: screenshot });
    }
    await host.card.locator("#approve").click();
    await expect.poll(() => host.modelContext.join("\n")).toMatch(/approved .* it is pending/);
    expect(await statusOf(fake(), draft.id)).toBe("pending");
    expect(writesTo(fake(), draft.id)).toEqual([{ method: "PATCH", acknowledged: true }]);
    expectQuietFrame(host);
  });

  it("PATCH-3 approve and schedule: scheduled at the chosen time, one acknowledgment", async () => {
    const draft = await flaggedDraft(fake());
    const host = await openHost(revision);
    await showCard(host, draft.id);
    const fiveMinutes = 300_000;
    const when = new Date(Math.ceil((Date.now() + 7_200_000) / fiveMinutes) * fiveMinutes);
    await host.card.locator("#when").fill(when.toISOString().slice(0, 16));
    await host.card.locator("#schedule").click();
    await expect.poll(() => host.modelContext.join("\n")).toMatch(/scheduled/);
    const item = await fake().client.content.get(draft.id);
    expect(item.status).toBe("scheduled");
    expect(new Date(item.scheduledAt as string).toISOString()).toBe(when.toISOString());
    expect(writesTo(fake(), draft.id).filter((write) => write.acknowledged)).toHaveLength(1);
    expectQuietFrame(host);
  });

  it("PATCH-3 edit then approve: the saved text is the edited one, and the acknowledgment is for it", async () => {
    const draft = await flaggedDraft(fake());
    const host = await openHost(revision);
    await showCard(host, draft.id);
    await host.card.locator("#edit").click();
    await host.card.locator("#edit-text").fill(EDITED_TEXT);
    await host.card.locator("#save-edit").click();
    await expect.poll(() => host.card.locator("#text").textContent()).toBe(EDITED_TEXT);
    await expect.poll(() => host.card.locator("#approve").isEnabled()).toBe(true);
    await host.card.locator("#approve").click();
    await expect.poll(() => host.modelContext.join("\n")).toMatch(/approved/);
    expect((await fake().client.content.get(draft.id)).content).toBe(EDITED_TEXT);
    expect(writesTo(fake(), draft.id)).toEqual([
      { method: "PATCH", acknowledged: false, content: EDITED_TEXT },
      { method: "PATCH", acknowledged: true },
    ]);
    expectQuietFrame(host);
  });

  it("PATCH-3 decline: nothing changes, and the model context says so", async () => {
    const draft = await flaggedDraft(fake());
    const host = await openHost(revision);
    await showCard(host, draft.id);
    await host.card.locator("#decline").click();
    await expect.poll(() => host.modelContext.join("\n")).toMatch(/declined .* nothing changed/);
    expect(await statusOf(fake(), draft.id)).toBe("draft");
    expect(writesTo(fake(), draft.id)).toEqual([]);
    expectQuietFrame(host);
  });

  it("PATCH-3 a text changed behind the card: the decision is refused, and the card shows the new text", async () => {
    const draft = await flaggedDraft(fake());
    const host = await openHost(revision);
    await showCard(host, draft.id);
    await fake().client.content.update(draft.id, { content: EDITED_TEXT });
    await host.card.locator("#approve").click();
    await expect.poll(() => host.card.locator("#text").textContent()).toBe(EDITED_TEXT);
    expect(await host.card.locator("#note").textContent()).toMatch(/text changed/);
    expect(writesTo(fake(), draft.id).filter((write) => write.acknowledged)).toEqual([]);
    expect(await statusOf(fake(), draft.id)).toBe("draft");
    expectQuietFrame(host);
  });
});

describe.skipIf(!available).each(REVISIONS)(
  "a host that picks the card from tools/list, in Chromium, %s",
  (revision) => {
    beforeEach(() => {
      session = openFakeSession();
    });

    it("PATCH-3 a gated update_content opens the card from its listing; Approve sends one acknowledged write", async () => {
      const draft = await flaggedDraft(fake());
      const host = await openHost(revision);
      const shown = await callAsHost(host, "update_content", { id: draft.id, status: "pending" });
      expect(shown).toBe("ui://postline/review");
      await expect.poll(() => host.card.locator("#approve").isEnabled()).toBe(true);
      expect(await host.card.locator("#text").textContent()).toBe(FLAGGED_TEXT);
      expect(writesTo(fake(), draft.id)).toEqual([]);
      await host.card.locator("#approve").click();
      await expect.poll(() => host.modelContext.join("\n")).toMatch(/approved .* it is pending/);
      expect(writesTo(fake(), draft.id)).toEqual([{ method: "PATCH", acknowledged: true }]);
      expect(acknowledgedWrites(fake(), draft.id)).toBe(1);
      expect(await statusOf(fake(), draft.id)).toBe("pending");
      expectQuietFrame(host);
    });

    it("PATCH-3 a call that needed no review shows the compact plain result, with no buttons", async () => {
      const channelId = fake().channelIds[0] as string;
      const clean = await fake().client.content.createDraft({
        channelId,
        body: "Export runs twice as fast now.",
      });
      const host = await openHost(revision);
      const shown = await callAsHost(host, "update_content", { id: clean.id, status: "pending" });
      expect(shown).toBe("ui://postline/review");
      await expect
        .poll(() => host.card.locator("#plain-summary").textContent())
        .toBe(`${clean.id} is approved (pending).`);
      expect(await host.card.locator("#plain-text").textContent()).toBe(
        "Export runs twice as fast now.",
      );
      expect(await host.card.locator("#review").isHidden()).toBe(true);
      expect(await host.card.getByRole("button").count()).toBe(0);
      expect(writesTo(fake(), clean.id)).toEqual([{ method: "PATCH", acknowledged: false }]);
      expectQuietFrame(host);
    });

    it("an error envelope shows as a plain alert", async () => {
      const host = await openHost(revision);
      await callAsHost(host, "update_content", { id: "cnt_missing", status: "pending" });
      const alert = host.card.getByRole("alert");
      await expect.poll(() => alert.textContent()).toMatch(/^Not done: /);
      expect(await host.card.locator("#review").isHidden()).toBe(true);
      expectQuietFrame(host);
    });
  },
);

describe.skipIf(!available).each(REVISIONS)(
  "the review card in Chromium, against postline mcp --fake --http, %s",
  (revision) => {
    let server: PostlineMcpHttp | undefined;
    let url = "";
    beforeAll(async () => {
      server = await startPostlineMcpHttp();
      url = server.url;
    });
    afterAll(() => server?.stop());

    async function flaggedDraftOver(client: Client): Promise<string> {
      const channels = await client.callTool({ name: "list_channels", arguments: {} });
      const [channel] = (channels.structuredContent as { channels: { id: string }[] }).channels;
      const draft = await client.callTool({
        name: "create_content_draft",
        arguments: { channelId: channel!.id, body: FLAGGED_TEXT },
      });
      return (draft.structuredContent as { item: { id: string } }).item.id;
    }

    async function statusOver(client: Client, id: string): Promise<string> {
      const item = await client.callTool({ name: "get_content", arguments: { id } });
      return (item.structuredContent as { item: { status: string } }).item.status;
    }

    it("PATCH-3 approve: the item is pending, and the model is told", async () => {
      const host = await openHost(revision, url);
      const id = await flaggedDraftOver(host.client);
      await showCard(host, id);
      await host.card.locator("#approve").click();
      await expect.poll(() => host.modelContext.join("\n")).toMatch(/approved .* it is pending/);
      expect(await statusOver(host.client, id)).toBe("pending");
      expectQuietFrame(host);

      // The fake's watch page, served beside /mcp, names the card's approval.
      const watch = await (browser as Browser).newPage();
      try {
        await watch.goto(new URL("/", url).href);
        await expect
          .poll(() => watch.locator("#review-card").textContent(), { timeout: 5_000 })
          .toBe(`Approvals whose request said it came from the review card: ${id} (pending)`);
        const patch = watch.locator("#log tbody tr", { hasText: `PATCH` }).filter({ hasText: id });
        await expect.poll(() => patch.count(), { timeout: 5_000 }).toBe(1);
        expect(await patch.textContent()).toContain("[acknowledgeAiIsms]  [review card]");
      } finally {
        await watch.close();
      }
    });

    it("PATCH-3 a text changed behind the card: refused, the card shows the new text", async () => {
      const host = await openHost(revision, url);
      const id = await flaggedDraftOver(host.client);
      await showCard(host, id);
      await host.client.callTool({
        name: "update_content",
        arguments: { id, content: EDITED_TEXT },
      });
      await host.card.locator("#approve").click();
      await expect.poll(() => host.card.locator("#text").textContent()).toBe(EDITED_TEXT);
      expect(await statusOver(host.client, id)).toBe("draft");
      expectQuietFrame(host);
    });
  },
);
