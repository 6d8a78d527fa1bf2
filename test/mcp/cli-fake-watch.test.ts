/**
 * `postline mcp --fake --http --log` shows its own fake: the watch page and the `/fake/...` routes
 * beside `/mcp` on the printed port, and one line per request on stderr. A newcomer sees which
 * PATCH carried the acknowledgment without starting a second server. Over real HTTP, against the
 * built command.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLAGGED_TEXT } from "../approval/support/acknowledgments.js";
import { call } from "./support/agent-session.js";
import { connectClient } from "./support/clients.js";
import { type PostlineMcpHttp, startPostlineMcpHttp } from "./support/postline-mcp-http.js";

let server: PostlineMcpHttp | undefined;
let url = "";

beforeAll(async () => {
  server = await startPostlineMcpHttp(["--log", "--acknowledgment", "model"]);
  url = server.url;
});

afterAll(() => server?.stop());

interface Watched {
  method: string;
  path: string;
  status: number | null;
  acknowledgedAiIsms: boolean;
  mcpCall: string | null;
}

describe("postline mcp --fake --http --log", () => {
  it("the PATCH that carried the acknowledgment is on the watch routes beside /mcp, and in the log", async () => {
    const origin = new URL(url).origin;
    const mcp = await connectClient("2026-07-28", { url }, "cli-fake-watch");
    let id: string;
    try {
      const channels = await call(mcp, "list_channels", {});
      const channelId = channels.json.channels[0].id as string;
      const draft = await call(mcp, "create_content_draft", { channelId, body: FLAGGED_TEXT });
      id = draft.json.item.id;
      const refused = await call(mcp, "update_content", { id, status: "pending" });
      expect(refused.json.error).toMatchObject({ acknowledgmentRequired: true });
      const approved = await call(mcp, "update_content", {
        id,
        status: "pending",
        acknowledgeAiIsms: true,
      });
      expect(approved.json.item.status).toBe("pending");
    } finally {
      await mcp.close();
    }

    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const log = (await (await fetch(`${origin}/fake/requests`)).json()) as {
      requests: Watched[];
    };
    const patches = log.requests.filter((entry) => entry.method === "PATCH");
    expect(patches).toEqual([
      expect.objectContaining({ path: `/content/${id}`, status: 409, acknowledgedAiIsms: false }),
      expect.objectContaining({ path: `/content/${id}`, status: 200, acknowledgedAiIsms: true }),
    ]);
    const state = (await (await fetch(`${origin}/fake/state`)).json()) as {
      workspaces: { acknowledgedItems: { id: string }[] }[];
    };
    expect(state.workspaces.flatMap((w) => w.acknowledgedItems.map((item) => item.id))).toEqual([
      id,
    ]);
    // One line per request on stderr: stdout is the URL alone.
    expect(server?.stderr()).toMatch(
      new RegExp(`PATCH\\s+/content/${id} \\[acknowledgeAiIsms\\]\\s+200`),
    );
    expect(server?.stderr()).toContain(`watch the fake at ${origin}/`);
  });

  it("the watch routes still refuse a foreign Host, and /mcp still refuses one with 403", async () => {
    const { request } = await import("node:http");
    const statusOf = (path: string, method: string) =>
      new Promise<number>((resolve, reject) => {
        const outgoing = request(new URL(path, url), {
          method,
          headers: { host: "attacker.example", "content-type": "application/json" },
        });
        outgoing.once("response", (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        outgoing.once("error", reject);
        outgoing.end(method === "POST" ? "{}" : undefined);
      });
    expect(await statusOf("/fake/requests", "GET")).toBe(403);
    expect(await statusOf("/mcp", "POST")).toBe(403);
  });
});
