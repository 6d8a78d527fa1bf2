/**
 * The official MCP clients against the built `postline mcp --fake`, over stdio: what an MCP host
 * does when it starts the command from its configuration, in both protocol revisions.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { AcknowledgmentRequiredError, ValidationError } from "../../src/index.js";
import { errorFromMcp } from "../../src/mcp/index.js";
import { call, runAgentSession } from "./support/agent-session.js";
import { connectClient, type McpTestClient, REVISIONS } from "./support/clients.js";
import { MALFORMED_PROGRESS_TOKENS, metaFor, StdioPeer } from "./support/raw-rpc.js";

const POSTLINE = fileURLToPath(new URL("../../dist/cli/postline.js", import.meta.url));

let client: McpTestClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

describe.each(REVISIONS)(
  "postline mcp --fake, over stdio, with the official MCP client, %s",
  (revision) => {
    async function connect(args: string[]): Promise<McpTestClient> {
      expect(existsSync(POSTLINE), "dist/cli/postline.js exists: run npm run build first").toBe(
        true,
      );
      const target = { command: process.execPath, args: [POSTLINE, "mcp", ...args] };
      client = await connectClient(revision, target, "stdio-proof");
      expect(client.protocolVersion()).toBe(revision);
      return client;
    }

    it("lists the tools, calls each one, and recovers from a missing channel and from acknowledgmentRequired", async () => {
      const mcp = await connect(["--fake"]);
      expect(mcp.serverName()).toBe("postline");
      const called = await runAgentSession(mcp);
      // The fake service has no get_rate_budget: the server answers it alone.
      const budget = await call(mcp, "get_rate_budget", {});
      expect(budget.json).toMatchObject({ store: "memory", create: { limit: 10 } });
      called.push("get_rate_budget");
      const listed = (await mcp.listTools()).tools.map((tool) => tool.name);
      expect(called.sort()).toEqual(listed.sort());
    });

    it("turns failures into the classes REST gives, through errorFromMcp", async () => {
      const mcp = await connect(["--fake"]);
      const refused = await call(mcp, "create_content_draft", { body: "No channel." });
      const error = errorFromMcp(refused.raw);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).channels?.length).toBeGreaterThan(0);
      const channel = (error as ValidationError).channels?.find((c) => c.platform === "x");
      const created = await call(mcp, "create_content_draft", {
        body: "Time to delve into it.",
        channelId: channel?.id,
      });
      expect(errorFromMcp(created.raw)).toBeNull();
      const approval = await call(mcp, "update_content", {
        id: created.json.item.id,
        status: "pending",
      });
      const needsAck = errorFromMcp(approval.raw);
      expect(needsAck).toBeInstanceOf(AcknowledgmentRequiredError);
      expect((needsAck as AcknowledgmentRequiredError).aiIsmMatches[0]?.label).toBe("delve");
    });

    it("serves only the reading tools with --read-only, and only the named ones with --tools", async () => {
      const readOnly = await connect(["--fake", "--read-only"]);
      const names = (await readOnly.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain("list_content");
      expect(names).not.toContain("create_content_draft");
      const refused = await call(readOnly, "create_content_draft", { body: "x", channelId: "y" });
      expect(refused.json.error.code).toBe("unknown_tool");
      await readOnly.close();
      const some = await connect(["--fake", "--tools", "list_channels,get_brand"]);
      expect((await some.listTools()).tools.map((tool) => tool.name)).toEqual([
        "list_channels",
        "get_brand",
      ]);
    });

    it("answers every tools/call with an id, whatever its _meta.progressToken or _meta", async () => {
      const peer = new StdioPeer(process.execPath, [POSTLINE, "mcp", "--fake"]);
      try {
        await peer.open(revision);
        const tokens = [...MALFORMED_PROGRESS_TOKENS, "fine", 7];
        for (const [index, progressToken] of tokens.entries()) {
          const _meta = metaFor(revision, { progressToken });
          peer.send({
            jsonrpc: "2.0",
            id: index + 1,
            method: "tools/call",
            params: { name: "get_brand", arguments: {}, _meta },
          });
        }
        peer.send({
          jsonrpc: "2.0",
          id: 99,
          method: "tools/call",
          params: { name: "get_brand", arguments: {}, _meta: [] },
        });
        for (const index of tokens.keys()) {
          const answer = await peer.answerTo(index + 1);
          expect(answer, JSON.stringify(tokens[index])).toMatchObject({
            result: { structuredContent: { profile: expect.any(Object) } },
          });
        }
        expect(await peer.answerTo(99)).toMatchObject({
          error: { code: -32602, message: expect.stringMatching(/params\._meta/) },
        });
      } finally {
        peer.close();
      }
    });
  },
);

describe("postline mcp over stdio, stopping", () => {
  it("exits with code 0 on SIGTERM, and when the host closes stdin", async () => {
    for (const stop of ["SIGTERM", "stdin"] as const) {
      const child = spawn(process.execPath, [POSTLINE, "mcp", "--fake"], {
        stdio: ["pipe", "pipe", "pipe"],
      });
      // Serving once it says so on stderr.
      await new Promise((resolve) => child.stderr.once("data", resolve));
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      if (stop === "SIGTERM") child.kill("SIGTERM");
      else child.stdin.end();
      const code = await Promise.race([
        exited,
        new Promise<string>((resolve) => setTimeout(() => resolve("still running"), 5_000)),
      ]);
      if (code === "still running") child.kill("SIGKILL");
      expect(code, stop).toBe(0);
    }
  });
});
