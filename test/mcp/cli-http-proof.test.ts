/**
 * The official MCP clients against the built `postline mcp --http --fake`, over real Streamable
 * HTTP: one endpoint at the printed URL for both protocol revisions.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools } from "../../src/tools/index.js";
import { call, runAgentSession } from "./support/agent-session.js";
import { connectClient, REVISIONS } from "./support/clients.js";
import { type PostlineMcpHttp, startPostlineMcpHttp } from "./support/postline-mcp-http.js";

let server: PostlineMcpHttp | undefined;
let url = "";

beforeAll(async () => {
  server = await startPostlineMcpHttp();
  url = server.url;
});

afterAll(() => server?.stop());

/** A raw POST with the given Host header, as a page rebinding its DNS name would send. */
function statusWithHost(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: "POST",
      headers: { host, "content-type": "application/json", accept: "application/json" },
    });
    outgoing.once("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.once("error", reject);
    outgoing.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
  });
}

describe("postline mcp --http --fake", () => {
  it("prints one endpoint URL on 127.0.0.1 ending in /mcp", () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it("refuses a foreign Host with 403", async () => {
    expect(await statusWithHost("attacker.example")).toBe(403);
  });

  for (const revision of REVISIONS) {
    it(`serves the ${revision} client: lists the tools and calls each one`, async () => {
      const mcp = await connectClient(revision, { url }, "cli-http-proof");
      try {
        expect(mcp.protocolVersion()).toBe(revision);
        expect(mcp.serverName()).toBe("postline");
        const called = await runAgentSession(mcp);
        // The fake service has no get_rate_budget: the server answers it alone.
        const budget = await call(mcp, "get_rate_budget", {});
        expect(budget.json).toMatchObject({ store: "memory", other: { limit: 60 } });
        called.push("get_rate_budget");
        expect(called.sort()).toEqual(tools.map((tool) => tool.name).sort());
      } finally {
        await mcp.close();
      }
    });
  }
});
