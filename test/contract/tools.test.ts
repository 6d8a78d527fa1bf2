import { describe, expect, it } from "vitest";
import { runTool, tools } from "../../src/tools/index.js";
import { MCP_TOOL_NAMES } from "../support/mcp-tool-names.js";
import { useFake } from "./support/fake-harness.js";

const fake = useFake();
const definition = (name: string) => tools.find((tool) => tool.name === name)!;
const propertiesOf = (name: string) =>
  Object.keys((definition(name).parameters as unknown as { properties?: object }).properties ?? {});

describe("§4 / §7 Tool protocol", () => {
  it("MCP-1 Tool names `list_content`, `list_channels`, `generate_content` (`channelIds` required), `create_content_draft` (no `platform`), `update_content` (takes `channelId`), `schedule_content`", async () => {
    const names = tools.map((tool) => tool.name);
    for (const name of MCP_TOOL_NAMES) expect(names).toContain(name);
    expect(
      (definition("generate_content").parameters as unknown as { required?: string[] }).required,
    ).toContain("channelIds");
    expect(propertiesOf("create_content_draft")).not.toContain("platform");
    expect(propertiesOf("update_content")).toContain("channelId");
    const result = (await runTool(fake.client, "generate_content", {
      channelIds: ["ch_x_acme"],
      prompt: "tips",
    })) as {
      items: { channelId: string }[];
    };
    expect(result.items.map((item) => item.channelId)).toEqual(["ch_x_acme"]);
  });

  it("MCP-2 Same limits and the same envelope; an unknown tool → `unknown_tool`", async () => {
    expect(await runTool(fake.client, "no_such_tool", {})).toMatchObject({
      error: { code: "unknown_tool" },
    });
    for (let index = 0; index < 10; index++) {
      await runTool(fake.client, "create_content_draft", {
        channelId: "ch_x_acme",
        body: `Draft ${index}`,
      });
    }
    const limited = await runTool(fake.client, "create_content_draft", {
      channelId: "ch_x_acme",
      body: "11th",
    });
    expect(limited).toMatchObject({ error: { code: "rate_limited", retryAfterSeconds: 60 } });
    const refused = await runTool(fake.client, "update_content", {
      id: "cnt_acme_published",
      content: "x",
    });
    expect(refused).toMatchObject({
      error: { code: "published_immutable", message: expect.any(String) },
    });
  });
});
