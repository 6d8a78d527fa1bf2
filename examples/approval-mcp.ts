/**
 * MCP: the host asks its person before a tool acknowledges AI-ism matches. `createMcpServer`
 * is served over Streamable HTTP (in process); the official v2 MCP client (2026-07-28) is the
 * host, and it shows each form to a scripted person through its `elicitation/create` handler
 * (the server answers `input_required`, the client fulfils it and retries). A scripted model
 * approves three drafts; the person approves one, declines one, and meets a text edited while
 * they were deciding (asked again).
 *
 *   npx tsx examples/approval-mcp.ts
 *
 * No network and no model provider. Exits non-zero when the story does not end as expected.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { createMcpServer } from "../src/mcp/index.js";
import { createStoryItems, expectStoryEnding, scriptedPerson } from "./support/approval-story.js";
import { expectThat } from "./support/expect-that.js";
import { runExample } from "./support/run-example.js";

await runExample("MCP: the host's person approves AI-isms", async (session) => {
  const items = await createStoryItems(session);
  const person = scriptedPerson(session.client, items);

  // The server: the Postline tools; a host that can show a form is asked (acknowledgment "ask").
  const handler = createMcpHandler(() => createMcpServer({ client: session.client }));
  const host = new Client(
    { name: "approval-example-host", version: "1.0.0" },
    {
      capabilities: { elicitation: { form: {} } },
      versionNegotiation: { mode: { pin: "2026-07-28" } },
    },
  );
  // The host shows the form (the text and its matches) and returns the person's answer.
  host.setRequestHandler("elicitation/create", async (request) => {
    const { message } = request.params as { message: string };
    const itemId = /text of (\S+?)[?\s]/.exec(message)?.[1] ?? "";
    const approved = await person.answer(itemId, message);
    return approved
      ? { action: "accept" as const, content: { approve: true } }
      : { action: "decline" as const };
  });
  await host.connect(
    new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
      fetch: (input, init) => handler.fetch(new Request(input, init)),
    }),
  );
  try {
    // The scripted model: one update_content call per draft; it reads each result.
    for (const id of [items.approve, items.decline, items.edited]) {
      const result = await host.callTool({
        name: "update_content",
        arguments: { id, status: "pending" },
      });
      const [first] = result.content as { text: string }[];
      const read = JSON.parse(first?.text ?? "{}") as { error?: { code: string; message: string } };
      const said = read.error ? `${read.error.code}: ${read.error.message}` : "approved";
      console.log(`  model reads for ${id}: ${said}`);
      if (id === items.decline)
        expectThat(result.isError === true, "the decline reaches the model");
    }
  } finally {
    await host.close();
    await handler.close();
  }
  await expectStoryEnding(session, items, person);
});
