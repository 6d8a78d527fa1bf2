import { describe, expect, it } from "vitest";
import { runTool, type ToolClient } from "../../src/tools/index.js";
import { runAsModel } from "./support/run-as-model.js";

/**
 * A client that fails the test if a tool reaches it: refused input must send nothing. Its hidden
 * symbol-keyed settings (the tracer a tool run's span comes from) may be read: that sends nothing.
 */
const untouchable = new Proxy({} as ToolClient, {
  get(_target, property) {
    if (typeof property === "symbol") return undefined;
    throw new Error(`the client was used (${String(property)}) for input that should be refused`);
  },
});

describe("runTool input validation", () => {
  it("refuses bad input with validation_error naming the parameter, sending nothing", async () => {
    const result = await runTool(untouchable, "list_content", { limit: 0 });
    expect(result).toEqual({
      error: expect.objectContaining({ code: "validation_error", param: "limit" }),
    });
    expect(JSON.stringify(result)).toMatch(/limit/);
  });

  it("names the path of a nested parameter", async () => {
    const result = await runTool(untouchable, "generate_content", {
      prompt: "p",
      channelIds: ["ch_1", ""],
    });
    // A channel refusal would list channels; this client cannot, so the refusal comes back as is.
    expect(result).toMatchObject({ error: { code: "validation_error", param: "channelIds.1" } });
  });

  it("names every unknown parameter and lists the accepted ones", async () => {
    const result = await runAsModel(untouchable, "get_stats", { days: 7, window: "week" });
    expect(result).toMatchObject({ error: { code: "validation_error", param: "window" } });
    const { message } = (result as { error: { message: string } }).error;
    expect(message).toContain('"window"');
    expect(message).toContain("get_stats accepts days");
  });

  it("reports a missing required parameter with what it is for", async () => {
    const result = await runAsModel(untouchable, "get_content", {});
    expect(result).toMatchObject({ error: { code: "validation_error", param: "id" } });
    expect((result as { error: { message: string } }).error.message).toMatch(/id is required/);
  });

  it("names the parameter of a cross-field rule", async () => {
    const both = await runTool(untouchable, "schedule_content", {
      id: "c_1",
      scheduledAt: "2030-01-01T09:00:00Z",
      publishNow: true,
    });
    expect(both).toMatchObject({ error: { code: "validation_error", param: "publishNow" } });
    const neither = await runTool(untouchable, "schedule_content", { id: "c_1" });
    expect(neither).toMatchObject({ error: { code: "validation_error", param: "scheduledAt" } });
  });

  it("accepts the input as JSON text, as OpenAI sends arguments", async () => {
    const result = await runTool(untouchable, "list_content", '{"limit": 500}');
    expect(result).toMatchObject({ error: { code: "validation_error", param: "limit" } });
  });

  it("refuses input that is not JSON, or not an object", async () => {
    expect(await runTool(untouchable, "list_content", '{"limit": ')).toMatchObject({
      error: { code: "validation_error", message: expect.stringMatching(/not valid JSON/) },
    });
    expect(await runAsModel(untouchable, "list_content", [1, 2])).toMatchObject({
      error: { code: "validation_error" },
    });
  });

  it("MCP-2 an unknown tool name answers unknown_tool, listing the real ones", async () => {
    const result = await runTool(untouchable, "create_key", { name: "x" });
    expect(result).toEqual({
      error: { code: "unknown_tool", message: expect.stringContaining("list_content") },
    });
  });

  it("MCP-2 a name inherited from Object.prototype is still an unknown tool", async () => {
    expect(await runTool(untouchable, "toString", {})).toMatchObject({
      error: { code: "unknown_tool" },
    });
  });
});
