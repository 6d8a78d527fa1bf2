/**
 * `postline mcp` (built) over stdio: a refused wait tells the host's user how this command sets
 * the bound, not the client option.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, expect, it } from "vitest";

const POSTLINE = fileURLToPath(new URL("../../dist/cli/postline.js", import.meta.url));

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

it("postline mcp: the rate_limited refusal names --max-wait and POSTLINE_MAX_WAIT_MS, not maxWaitMs", async () => {
  expect(existsSync(POSTLINE), "dist/cli/postline.js exists: run npm run build first").toBe(true);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [POSTLINE, "mcp", "--fake", "--max-wait", "1000"],
    stderr: "pipe",
  });
  client = new Client({ name: "stdio-wait-refusal", version: "1.0.0" });
  await client.connect(transport);
  const channels = await client.callTool({ name: "list_channels", arguments: {} });
  const { channels: list } = channels.structuredContent as { channels: { id: string }[] };
  const channelId = list[0]!.id;
  for (let i = 1; i <= 10; i++) {
    const created = await client.callTool({
      name: "create_content_draft",
      arguments: { channelId, body: `Draft number ${i}` },
    });
    expect(created.isError).toBeFalsy();
  }
  const refusal = await client
    .callTool({ name: "create_content_draft", arguments: { channelId, body: "Draft 11" } })
    .catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(McpError);
  const { message } = refusal as McpError;
  expect(message).toMatch(/or raise --max-wait or POSTLINE_MAX_WAIT_MS/);
  expect(message).toMatch(/within the wait bound \(1000 ms\)/);
  expect(message).not.toMatch(/maxWaitMs/);
});
