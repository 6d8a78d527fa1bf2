/**
 * MCP agent: an agent that reaches Postline through MCP instead of the REST client. It connects
 * the official MCP client (v2, in `auto` mode: 2026-07-28 where the server offers it, the 2025
 * handshake otherwise) to the MCP endpoint over Streamable HTTP, lists the tools, and recovers
 * from each refusal using only what the tool results say, with `errorFromMcp` giving the same
 * typed errors as REST.
 *
 *   npx tsx examples/mcp-agent.ts
 *
 * Runs against the in-process fake's MCP endpoint unless POSTLINE_BASE_URL (and
 * POSTLINE_API_KEY) are set; then it talks to `{POSTLINE_BASE_URL}/api/v1/mcp`.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { AcknowledgmentRequiredError, ValidationError } from "../src/index.js";
import { errorFromMcp } from "../src/mcp/index.js";
import { expectThat } from "./support/expect-that.js";
import { runExample } from "./support/run-example.js";

await runExample("MCP agent", async ({ client, service, baseURL }) => {
  const apiKey = service?.defaults.apiKey ?? process.env.POSTLINE_API_KEY ?? "";
  const mcp = new Client(
    { name: "postline-example", version: "1.0.0" },
    { versionNegotiation: { mode: "auto" } },
  );
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${baseURL}/api/v1/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
    }),
  );
  try {
    const { tools } = await mcp.listTools();
    const reads = tools.filter((tool) => tool.annotations?.readOnlyHint).map((tool) => tool.name);
    console.log(`  ${tools.length} tools; read-only: ${reads.join(", ")}`);

    // Call a tool; a failure becomes the error class REST would throw.
    const callTool = async (name: string, args: Record<string, unknown>) => {
      const result = await mcp.callTool({ name, arguments: args });
      const error = errorFromMcp(result);
      if (error) return { error };
      const [first] = result.content as { type: string; text: string }[];
      return { value: JSON.parse(first?.text ?? "{}") };
    };

    // 1. A draft without a channel: the refusal lists the channels to choose from.
    const body = "In today's fast-paced world, our team ships small changes every day.";
    const noChannel = await callTool("create_content_draft", { body });
    expectThat(noChannel.error instanceof ValidationError, "a draft needs a channel");
    const channel = noChannel.error.channels?.find((choice) => choice.platform === "linkedin");
    expectThat(channel, "the refusal lists a LinkedIn channel");
    console.log(`  no channel named → ValidationError; picked ${channel.name} (${channel.id})`);
    const created = await callTool("create_content_draft", { body, channelId: channel.id });
    const id: string = created.value.item.id;

    // 2. Approving AI-ism text: the refusal names the phrases; rewrite them, then approve.
    const approval = await callTool("update_content", { id, status: "pending" });
    expectThat(approval.error instanceof AcknowledgmentRequiredError, "AI-isms need a decision");
    const phrases = approval.error.aiIsmMatches.map((match) => `"${match.match}"`).join(", ");
    console.log(`  approve → AcknowledgmentRequiredError for ${phrases}; rewriting`);
    const rewritten = "Our team ships small changes every day, and you see them the same week.";
    await callTool("update_content", { id, content: rewritten });
    const approved = await callTool("update_content", { id, status: "pending" });
    expectThat(approved.value?.item.status === "pending", "the rewritten post is approved");

    // 3. Schedule it, and see the same item through the REST client: one service, two faces.
    const scheduled = await callTool("schedule_content", { id, publishNow: true });
    expectThat(scheduled.value?.item.status === "scheduled", "scheduled to publish now");
    const overRest = await client.content.get(id);
    expectThat(overRest.status === "scheduled", "REST sees the item MCP scheduled");
    console.log(`  ${id}: approved and scheduled over MCP; REST reads it as ${overRest.status}`);
  } finally {
    await mcp.close();
  }
});
