/**
 * The built `postline mcp --fake` over stdio, as an MCP host starts it: a host that can show a
 * form asks its person, in both revisions, and `--acknowledgment` chooses who decides.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { connectClient, REVISIONS, type Revision } from "./support/clients.js";
import { connectElicitingClient, type Person } from "./support/eliciting-clients.js";

const POSTLINE = fileURLToPath(new URL("../../dist/cli/postline.js", import.meta.url));
const FLAGGED = "We delve into the tapestry of export speed.";

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

function command(args: string[] = []) {
  expect(existsSync(POSTLINE), "dist/cli/postline.js exists: run npm run build first").toBe(true);
  return { command: process.execPath, args: [POSTLINE, "mcp", "--fake", ...args] };
}

type Call = (name: string, args: Record<string, unknown>) => Promise<{ content?: unknown }>;

function jsonOf(result: { content?: unknown }): Record<string, any> {
  return JSON.parse((result.content as { text: string }[])[0]?.text ?? "{}");
}

async function flaggedDraft(call: Call): Promise<string> {
  const { channels } = jsonOf(await call("list_channels", {}));
  const created = jsonOf(
    await call("create_content_draft", { channelId: channels[0].id, body: FLAGGED }),
  );
  return created.item.id;
}

async function statusOf(call: Call, id: string): Promise<string> {
  return jsonOf(await call("get_content", { id })).item.status;
}

async function host(revision: Revision, person: Person, args: string[] = []) {
  const client = await connectElicitingClient(revision, command(args), person);
  open.push(client);
  return client;
}

describe.each(REVISIONS)("postline mcp --fake over stdio asks the person, %s", (revision) => {
  it("PATCH-3 approve makes the item pending; decline leaves it a draft and tells the model", async () => {
    let answer: "approve" | "decline" = "approve";
    const mcp = await host(revision, async () =>
      answer === "approve"
        ? { action: "accept", content: { approve: true } }
        : { action: "decline" },
    );
    const call: Call = (name, args) => mcp.callTool(name, args);
    const approved = await flaggedDraft(call);
    await call("update_content", { id: approved, status: "pending" });
    expect(await statusOf(call, approved)).toBe("pending");
    answer = "decline";
    const declined = await flaggedDraft(call);
    const result = await call("schedule_content", {
      id: declined,
      publishNow: true,
      acknowledgeAiIsms: true,
    });
    expect(jsonOf(result).error).toMatchObject({ code: "approval_declined" });
    expect(await statusOf(call, declined)).toBe("draft");
    expect(mcp.forms.map((form) => form.message.includes(FLAGGED))).toEqual([true, true]);
  });

  it("PATCH-3 --acknowledgment human with a host that cannot ask: the model is told to ask its user", async () => {
    const mcp = await connectClient(revision, command(["--acknowledgment", "human"]));
    open.push(mcp);
    const call: Call = (name, args) => mcp.callTool({ name, arguments: args });
    const id = await flaggedDraft(call);
    const result = await call("update_content", { id, status: "pending", acknowledgeAiIsms: true });
    expect(jsonOf(result).error).toMatchObject({ askUser: true, acknowledgmentRequired: true });
    expect(await statusOf(call, id)).toBe("draft");
  });

  it("PATCH-3 --acknowledgment model: nobody is asked, the model's acknowledgeAiIsms counts", async () => {
    const mcp = await host(revision, async () => ({ action: "decline" }), [
      "--acknowledgment",
      "model",
    ]);
    const call: Call = (name, args) => mcp.callTool(name, args);
    const id = await flaggedDraft(call);
    await call("update_content", { id, status: "pending", acknowledgeAiIsms: true });
    expect(await statusOf(call, id)).toBe("pending");
    expect(mcp.forms).toEqual([]);
  });
});
