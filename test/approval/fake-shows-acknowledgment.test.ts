/**
 * The fake shows who acknowledged: the request log marks the call that carried
 * `acknowledgeAiIsms: true`, and the overview (the watch page) lists items approved with one.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Postline } from "../../src/index.js";
import {
  createFakeService,
  type FakeServer,
  startFakeServer,
  type WatchedRequest,
} from "../../src/testing/index.js";
import { runTool } from "../../src/tools/index.js";
import { FLAGGED_TEXT } from "./support/acknowledgments.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the fake shows the acknowledgment", () => {
  it("PATCH-3 /fake/requests marks the one call that acknowledged; /fake/state and the page list the item", async () => {
    const service = createFakeService();
    server = await startFakeServer(service, { port: 0, watch: true });
    const { apiKey, channelIds } = service.defaults;
    const client = new Postline({ apiKey, baseURL: server.url, maxRetries: 0 });
    const draft = await client.content.createDraft({
      channelId: channelIds[0] as string,
      body: FLAGGED_TEXT,
    });
    const other = await client.content.createDraft({
      channelId: channelIds[0] as string,
      body: "Exports are faster.",
    });
    await client.content.approve(other.id);
    await runTool(
      client,
      "update_content",
      { id: draft.id, status: "pending" },
      { confirm: async () => true },
    );

    const log = (await (await fetch(`${server.url}/fake/requests`)).json()) as {
      requests: WatchedRequest[];
    };
    expect(
      log.requests
        .filter((entry) => entry.acknowledgedAiIsms)
        .map(({ method, path, status }) => ({ method, path, status })),
    ).toEqual([{ method: "PATCH", path: `/content/${draft.id}`, status: 200 }]);

    const state = (await (await fetch(`${server.url}/fake/state`)).json()) as {
      workspaces: { acknowledgedItems: { id: string; status: string }[] }[];
    };
    expect(state.workspaces.flatMap((w) => w.acknowledgedItems)).toEqual([
      { id: draft.id, status: "pending" },
    ]);
    const script = await (await fetch(`${server.url}/fake/watch.js`)).text();
    expect(script).toContain("Approved with an AI-ism acknowledgment");
    expect(script).toContain("[acknowledgeAiIsms]");
  });

  it("PATCH-3 over MCP, a tools/call whose arguments acknowledge is marked too", async () => {
    const service = createFakeService();
    server = await startFakeServer(service, { port: 0, watch: true });
    const { apiKey } = service.defaults;
    await fetch(`${server.url}/api/v1/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "update_content",
          arguments: { id: "cnt_missing", status: "pending", acknowledgeAiIsms: true },
        },
      }),
    });
    expect(service.requests.map((entry) => entry.acknowledgedAiIsms)).toEqual([true]);
  });
});
