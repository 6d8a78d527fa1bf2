/**
 * An agent's side of an MCP session, written against the official MCP clients only: it reads
 * nothing but what the tool results say, as a model would.
 */
import { expect } from "vitest";
import { MCP_TOOL_NAMES } from "../../support/mcp-tool-names.js";
import type { McpTestClient, ToolCallResult } from "./clients.js";

/** The JSON a tool result's text holds, and whether it is an error. */
export interface ToolOutcome {
  isError: boolean;
  json: any;
  raw: ToolCallResult;
}

/**
 * Calls a tool and parses its one text item. A success must carry `structuredContent` whose JSON
 * is exactly that text (the client has checked it against the tool's `outputSchema` once the tools
 * were listed); a failure carries the envelope as text only.
 */
export async function call(
  client: McpTestClient,
  name: string,
  args: Record<string, unknown>,
): Promise<ToolOutcome> {
  const raw = await client.callTool({ name, arguments: args });
  const content = raw.content as { type: string; text: string }[];
  expect(content).toHaveLength(1);
  expect(content[0]?.type).toBe("text");
  const isError = raw.isError === true;
  if (isError) expect(raw.structuredContent).toBeUndefined();
  else expect(content[0]?.text).toBe(JSON.stringify(raw.structuredContent));
  return { isError, json: JSON.parse(content[0]?.text ?? "null"), raw };
}

/**
 * Lists the tools, calls every one of them, and recovers from a create without a channel and from
 * an approval that needs acknowledgment, using only the tool results. Returns the names called.
 */
export async function runAgentSession(client: McpTestClient): Promise<string[]> {
  const listed = await client.listTools();
  const names = listed.tools.map((tool) => tool.name);
  expect(names).toEqual(expect.arrayContaining([...MCP_TOOL_NAMES]));
  const readOnly = listed.tools.find((tool) => tool.name === "list_content");
  expect(readOnly?.annotations?.readOnlyHint).toBe(true);
  const called = new Set<string>();
  const use = async (name: string, args: Record<string, unknown>) => {
    called.add(name);
    return call(client, name, args);
  };

  // A draft without a channel: the refusal lists the channels to choose from.
  const text = "We delve into what our customers asked for this week.";
  const refused = await use("create_content_draft", { body: text });
  expect(refused.isError).toBe(true);
  expect(refused.json.error.code).toBe("validation_error");
  const choice = refused.json.error.channels.find((c: { platform: string }) => c.platform === "x");
  expect(choice?.id).toEqual(expect.any(String));
  const created = await use("create_content_draft", { body: text, channelId: choice.id });
  expect(created.isError).toBe(false);
  const id: string = created.json.item.id;

  // Approval of AI-ism text: the refusal says to acknowledge, and what matched.
  const approval = await use("update_content", { id, status: "pending" });
  expect(approval.isError).toBe(true);
  expect(approval.json.error.acknowledgmentRequired).toBe(true);
  expect(approval.json.error.aiIsmMatches.map((m: { label: string }) => m.label)).toContain(
    "delve",
  );
  const approved = await use("update_content", { id, status: "pending", acknowledgeAiIsms: true });
  expect(approved.isError).toBe(false);
  expect(approved.json.item.status).toBe("pending");

  const scheduled = await use("schedule_content", { id, publishNow: true });
  expect(scheduled.isError).toBe(false);
  expect(scheduled.json.item.status).toBe("scheduled");
  expect((await use("get_content", { id })).json.item.id).toBe(id);

  const channels = await use("list_channels", {});
  expect(channels.json.channels.map((c: { id: string }) => c.id)).toContain(choice.id);
  const generated = await use("generate_content", {
    prompt: "A note on our new office hours",
    channelIds: [choice.id],
  });
  expect(generated.isError).toBe(false);
  expect(generated.json.items).toHaveLength(1);
  const generatedId: string = generated.json.items[0].id;
  const listedItems = await use("list_content", { status: "draft", limit: 100 });
  expect(listedItems.json.items.map((item: { id: string }) => item.id)).toContain(generatedId);
  const deleted = await use("delete_content", { id: generatedId });
  expect(deleted.json).toEqual({ deleted: true, id: generatedId });
  expect((await use("get_content", { id: generatedId })).json.error.code).toBe("not_found");

  expect((await use("get_brand", {})).json).toHaveProperty("profile");
  expect((await use("get_schedule", {})).json).toHaveProperty("slots");
  expect((await use("get_stats", { days: 7 })).json.windowDays).toBe(7);

  const unknown = await call(client, "publish_everything", {});
  expect(unknown.isError).toBe(true);
  expect(unknown.json.error.code).toBe("unknown_tool");
  return [...called];
}
