import { describe, expect, it } from "vitest";
import { InvalidRequestError, Postline } from "../../src/index.js";
import { createMcpServer, MCP_DEFAULT_MAX_WAIT_MS } from "../../src/mcp/index.js";
import { createMcpServerWithSeams } from "../../src/mcp/server/create-server.js";
import { createFakeService, type FakeService } from "../../src/testing/index.js";
import { REVISIONS } from "./support/clients.js";
import { connectedClient } from "./support/in-memory-client.js";

/** A client of a fake whose key has spent its create budget for this window. */
async function fullCreateWindow(): Promise<{
  service: FakeService;
  client: Postline;
  channelId: string;
}> {
  const service = createFakeService();
  const client = new Postline({
    apiKey: service.defaults.apiKey,
    baseURL: service.defaults.baseURL,
    fetch: service.fetch,
  });
  const channelId = service.defaults.channelIds[0]!;
  for (let i = 0; i < 10; i++) await client.content.createDraft({ channelId, body: `Draft ${i}` });
  return { service, client, channelId };
}

const posts = (service: FakeService) =>
  service.requests.filter((request) => request.method === "POST" && request.path === "/content");

describe.each(REVISIONS)("a tool call waiting for a rate-limit slot, %s", (revision) => {
  it("answers rate_limited with retryAfterSeconds at once when the wait is known to outlast the 45 s default", async () => {
    expect(MCP_DEFAULT_MAX_WAIT_MS).toBe(45_000);
    const { service, client, channelId } = await fullCreateWindow();
    const mcp = await connectedClient({ client }, "waits-test", revision);
    const startedAt = performance.now();
    const error = await mcp
      .callTool({ name: "create_content_draft", arguments: { channelId, body: "Draft 11" } })
      .catch((caught: unknown) => caught);
    // At once: long before the 45 s bound passes.
    expect(performance.now() - startedAt).toBeLessThan(10_000);
    expect(error).toBeInstanceOf(Error);
    const data = (error as { data: { code: string; retryAfterSeconds: number } }).data;
    expect(data.code).toBe("rate_limited");
    expect(data.retryAfterSeconds).toBeGreaterThanOrEqual(50);
    expect(data.retryAfterSeconds).toBeLessThanOrEqual(62);
    expect(posts(service)).toHaveLength(10);
  });

  it("with a longer maxWaitMs it waits, sends progress when the host asked, and the host's cancellation ends the wait at once", async () => {
    const { service, client, channelId } = await fullCreateWindow();
    const options = { client, maxWaitMs: 120_000 };
    const serverSignals: AbortSignal[] = [];
    const mcp = await connectedClient(options, "waits-test", revision, () =>
      createMcpServerWithSeams(options, { onToolCall: (call) => serverSignals.push(call.signal) }),
    );
    const progress: { progress: number; message?: string | undefined }[] = [];
    const cancel = new AbortController();
    const call = mcp
      .callTool(
        { name: "create_content_draft", arguments: { channelId, body: "Draft 11" } },
        { signal: cancel.signal, onprogress: (update) => progress.push(update), timeout: 180_000 },
      )
      .catch((caught: unknown) => caught);
    await expect.poll(() => progress.length, { timeout: 2_000 }).toBeGreaterThan(0);
    expect(progress[0]?.message).toMatch(
      /waiting for a rate-limit slot \(place 1 in line\); expected in about \d+ s/,
    );
    expect(serverSignals).toHaveLength(1);
    expect(serverSignals[0]?.aborted).toBe(false);
    cancel.abort(new Error("the person closed the chat"));
    expect(await call).toBeInstanceOf(Error);
    // The cancel reached the server (a notification in 2025, the closed stream in 2026), whose
    // wait then ends: the slot that opens later is not used.
    await expect.poll(() => serverSignals[0]?.aborted, { timeout: 2_000 }).toBe(true);
    // The next call is first in line: the cancelled one left it.
    const next: { message?: string | undefined }[] = [];
    const stopNext = new AbortController();
    const nextCall = mcp
      .callTool(
        { name: "create_content_draft", arguments: { channelId, body: "Draft 12" } },
        { signal: stopNext.signal, onprogress: (update) => next.push(update), timeout: 180_000 },
      )
      .catch((caught: unknown) => caught);
    await expect.poll(() => next.length, { timeout: 2_000 }).toBeGreaterThan(0);
    expect(next[0]?.message).toMatch(/\(place 1 in line\)/);
    stopNext.abort();
    await nextCall;
    expect(posts(service)).toHaveLength(10);
  });

  it("refuses a maxWaitMs that is not a number of milliseconds, naming it", async () => {
    const { client } = await fullCreateWindow();
    expect(() => createMcpServer({ client, maxWaitMs: -5 })).toThrow(InvalidRequestError);
  });
});
