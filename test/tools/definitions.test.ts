import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  isToolName,
  runTool,
  type ToolClient,
  type ToolInput,
  type ToolName,
  tools,
} from "../../src/tools/index.js";
import { MCP_TOOL_NAMES } from "../support/mcp-tool-names.js";

function tool(name: string) {
  const found = tools.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

function refuses(name: string, input: unknown): boolean {
  return !tool(name).inputSchema.safeParse(input).success;
}

describe("tool list", () => {
  it("MCP-1 offers the hosted MCP tool names, plus the read tools", () => {
    const names = tools.map((t) => t.name);
    expect(names.slice(0, MCP_TOOL_NAMES.length)).toEqual(MCP_TOOL_NAMES);
    expect(names).toEqual(
      expect.arrayContaining([
        "get_content",
        "delete_content",
        "get_brand",
        "get_schedule",
        "get_stats",
        "get_rate_budget",
      ]),
    );
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(isToolName(name)).toBe(true);
    expect(isToolName("create_key")).toBe(false);
  });

  it("types the names as a union, and a known tool's input from its zod schema", () => {
    expectTypeOf<ToolName>().toEqualTypeOf<
      | "list_content"
      | "list_channels"
      | "generate_content"
      | "create_content_draft"
      | "update_content"
      | "schedule_content"
      | "get_content"
      | "delete_content"
      | "get_brand"
      | "get_schedule"
      | "get_stats"
      | "get_rate_budget"
    >();
    expectTypeOf<ToolInput<"get_stats">>().toEqualTypeOf<{ days?: number | undefined }>();
    expectTypeOf<(typeof tools)[number]["name"]>().toEqualTypeOf<ToolName>();
    const client = {} as ToolClient;
    // A name known at compile time checks its input; one from a model takes anything.
    // @ts-expect-error: get_stats has no "window" parameter
    expectTypeOf(() => runTool(client, "get_stats", { window: 7 })).toBeFunction();
    expectTypeOf(() => runTool(client, "get_stats", '{"days": 7}')).toBeFunction();
    expectTypeOf(() => runTool(client, String("get_stats"), { window: 7 })).toBeFunction();
  });

  it("offers no tool that touches agent keys, so no result can carry a token", () => {
    expect(tools.map((t) => t.name).filter((name) => name.includes("key"))).toEqual([]);
  });

  it("names every tool as model providers allow (a-z, 0-9, _ and -, at most 64)", () => {
    for (const t of tools) expect(t.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it("is frozen, so one caller cannot change the tools another sees", () => {
    expect(Object.isFrozen(tools)).toBe(true);
    for (const t of tools) {
      expect(Object.isFrozen(t)).toBe(true);
      expect(Object.isFrozen(t.parameters)).toBe(true);
      expect(Object.isFrozen(t.parameters.properties)).toBe(true);
      expect(Object.isFrozen(t.outputJsonSchema)).toBe(true);
    }
  });
});

describe("what MCP hosts show and ask about", () => {
  it("every tool has its own short title", () => {
    const titles = tools.map((t) => t.title);
    expect(new Set(titles).size).toBe(tools.length);
    for (const title of titles) expect(title).toMatch(/^[A-Z][a-z ,]{3,40}$/);
  });

  it("states all four hints; openWorldHint only where the effect can reach a social network", () => {
    for (const t of tools) {
      expect(Object.keys(t.annotations).sort()).toEqual([
        "destructiveHint",
        "idempotentHint",
        "openWorldHint",
        "readOnlyHint",
      ]);
    }
    // An approval queues the post, a schedule publishes it, a delete cancels it with the provider.
    expect(tools.filter((t) => t.annotations.openWorldHint).map((t) => t.name)).toEqual([
      "update_content",
      "schedule_content",
      "delete_content",
    ]);
    expect(tools.filter((t) => t.annotations.readOnlyHint && t.annotations.openWorldHint)).toEqual(
      [],
    );
  });

  it("each output schema accepts what the tool returns against the fake, and is an object schema", async () => {
    const { createFakeService } = await import("../../src/testing/index.js");
    const { Postline } = await import("../../src/index.js");
    const service = createFakeService();
    const client = new Postline({
      apiKey: service.defaults.apiKey,
      baseURL: service.defaults.baseURL,
      fetch: service.fetch,
    });
    const [channelId] = service.defaults.channelIds;
    const inputs: Record<string, unknown> = {
      list_content: {},
      list_channels: {},
      get_brand: {},
      get_schedule: {},
      get_stats: {},
      get_rate_budget: {},
      create_content_draft: { channelId, body: "Checked against its schema." },
    };
    for (const [name, input] of Object.entries(inputs)) {
      const result = await runTool(client as unknown as ToolClient, name, input);
      expect(tool(name).outputJsonSchema.type).toBe("object");
      expect(tool(name).outputSchema.safeParse(result).success, name).toBe(true);
    }
  });
});

describe("descriptions written for a model", () => {
  it("say what each call costs", () => {
    expect(tool("generate_content").description).toMatch(/one generation credit per channel/);
    expect(tool("create_content_draft").description).toMatch(/Free/);
    for (const name of ["generate_content", "create_content_draft"]) {
      expect(tool(name).description).toMatch(/10 creates per minute/);
    }
    for (const t of tools.filter(
      (t) =>
        !t.name.endsWith("_draft") && t.name !== "generate_content" && t.name !== "get_rate_budget",
    )) {
      expect(t.description, t.name).toMatch(/60 (reads|requests) per minute/);
    }
    expect(tool("get_rate_budget").description).toMatch(/free, sends nothing and uses no slot/);
  });

  it("say that a channel must be named and where ids come from", () => {
    for (const name of ["generate_content", "create_content_draft"]) {
      expect(tool(name).description).toMatch(/required/);
      expect(tool(name).description).toMatch(/list_channels/);
    }
  });

  it("say that approval may need acknowledging AI-isms", () => {
    for (const name of ["update_content", "schedule_content"]) {
      // One text in every mode: never the model's own acknowledgment (docs/approval.md).
      expect(tool(name).description).toMatch(/Only a person may accept the matches/);
      expect(tool(name).description).not.toMatch(/acknowledgeAiIsms: true/);
    }
  });
});

describe("JSON Schemas generated by z.toJSONSchema", () => {
  it.each(tools.map((t) => [t.name, t] as const))("%s is a strict object schema", (_name, t) => {
    const schema = t.parameters;
    expect(schema.type).toBe("object");
    expect(schema.additionalProperties).toBe(false);
    expect(schema).not.toHaveProperty("$schema");
    expect(typeof schema.properties).toBe("object");
    for (const [key, property] of Object.entries(schema.properties)) {
      expect(typeof property.type, `${t.name}.${key}`).toBe("string");
    }
    for (const key of schema.required ?? []) expect(Object.keys(schema.properties)).toContain(key);
    expect(() => JSON.parse(JSON.stringify(schema))).not.toThrow();
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
  });

  it.each(tools.map((t) => [t.name, t] as const))(
    "%s lists the same parameters and required ones as its zod schema",
    (_name, t) => {
      const shape = (t.inputSchema as unknown as z.ZodObject).shape;
      expect(Object.keys(t.parameters.properties).sort()).toEqual(Object.keys(shape).sort());
      const required = Object.keys(shape).filter(
        (key) => !shape[key]!.safeParse(undefined).success,
      );
      expect([...(t.parameters.required ?? [])].sort()).toEqual(required.sort());
    },
  );

  it("carries the contract's ranges and enums", () => {
    const list = tool("list_content").parameters.properties;
    expect(list.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 100 });
    expect(list.status?.enum).toEqual([
      "draft",
      "pending",
      "scheduled",
      "publishing",
      "published",
      "failed",
      "cancelled",
      "all",
    ]);
    expect(tool("get_stats").parameters.properties.days).toMatchObject({
      minimum: 1,
      maximum: 365,
    });
    expect(tool("update_content").parameters.properties.status?.enum).toEqual([
      "pending",
      "draft",
      "cancelled",
    ]);
    expect(tool("schedule_content").parameters.properties.scheduledAt).toMatchObject({
      type: "string",
      format: "date-time",
    });
  });

  it("gives every parameter a description", () => {
    for (const t of tools) {
      for (const [key, property] of Object.entries(t.parameters.properties)) {
        expect(typeof property.description, `${t.name}.${key}`).toBe("string");
      }
    }
  });

  it("is the same JSON Schema zod generates from the input schema", () => {
    for (const t of tools) {
      const { $schema: _dialect, ...generated } = z.toJSONSchema(t.inputSchema, { io: "input" });
      const withoutPatterns = JSON.parse(
        JSON.stringify(generated, (key, value) => (key === "pattern" ? undefined : value)),
      );
      expect(t.parameters).toEqual(withoutPatterns);
    }
  });
});

describe("input schemas refuse what the contract refuses", () => {
  it("MCP-1 generate_content requires channelIds, with at least one id", () => {
    expect(refuses("generate_content", { prompt: "launch week" })).toBe(true);
    expect(refuses("generate_content", { prompt: "launch week", channelIds: [] })).toBe(true);
    expect(refuses("generate_content", { prompt: "launch week", channelIds: ["ch_1"] })).toBe(
      false,
    );
  });

  it("generate_content refuses a draft body and a single channelId (one mode, one channel field)", () => {
    expect(refuses("generate_content", { prompt: "p", body: "b", channelIds: ["ch_1"] })).toBe(
      true,
    );
    expect(
      refuses("generate_content", { prompt: "p", channelId: "ch_1", channelIds: ["ch_1"] }),
    ).toBe(true);
  });

  it("MCP-1 create_content_draft takes no platform, and needs channelId and body", () => {
    expect(refuses("create_content_draft", { platform: "x", body: "hello" })).toBe(true);
    expect(
      refuses("create_content_draft", { channelId: "ch_1", platform: "x", body: "hello" }),
    ).toBe(true);
    expect(refuses("create_content_draft", { channelId: "ch_1" })).toBe(true);
    expect(refuses("create_content_draft", { channelId: "ch_1", body: "hello" })).toBe(false);
    expect(
      refuses("create_content_draft", { channelId: "ch_1", body: "hello", topic: "t", title: "T" }),
    ).toBe(false);
  });

  it("create_content_draft refuses several channels and a prompt", () => {
    expect(refuses("create_content_draft", { channelIds: ["a", "b"], body: "hello" })).toBe(true);
    expect(refuses("create_content_draft", { channelId: "a", body: "hello", prompt: "p" })).toBe(
      true,
    );
  });

  it("LIST-4 list_content refuses a limit outside 1..100 and a status outside the enum", () => {
    expect(refuses("list_content", { limit: 0 })).toBe(true);
    expect(refuses("list_content", { limit: 101 })).toBe(true);
    expect(refuses("list_content", { limit: 2.5 })).toBe(true);
    expect(refuses("list_content", { limit: 1 })).toBe(false);
    expect(refuses("list_content", { limit: 100 })).toBe(false);
    expect(refuses("list_content", { status: "approved" })).toBe(true);
    expect(refuses("list_content", { status: "all" })).toBe(false);
    expect(refuses("list_content", { source: "api" })).toBe(false);
    expect(refuses("list_content", { source: "rss" })).toBe(true);
  });

  it("STATS-1 get_stats refuses days outside 1..365", () => {
    expect(refuses("get_stats", { days: 0 })).toBe(true);
    expect(refuses("get_stats", { days: 366 })).toBe(true);
    expect(refuses("get_stats", { days: 365 })).toBe(false);
    expect(refuses("get_stats", {})).toBe(false);
  });

  it("MCP-1 update_content takes channelId, and only the statuses PATCH accepts", () => {
    expect(refuses("update_content", { id: "c_1", channelId: "ch_1" })).toBe(false);
    expect(
      refuses("update_content", { id: "c_1", status: "pending", acknowledgeAiIsms: true }),
    ).toBe(false);
    expect(refuses("update_content", { id: "c_1", status: "published" })).toBe(true);
    expect(refuses("update_content", { id: "c_1", status: "scheduled" })).toBe(true);
  });

  it("update_content refuses an empty change and a rejectionReason without cancelled", () => {
    expect(refuses("update_content", { id: "c_1" })).toBe(true);
    expect(refuses("update_content", { id: "c_1", status: "pending", rejectionReason: "no" })).toBe(
      true,
    );
    expect(
      refuses("update_content", { id: "c_1", status: "cancelled", rejectionReason: "no" }),
    ).toBe(false);
  });

  it("schedule_content takes exactly one of scheduledAt and publishNow", () => {
    const at = "2030-01-01T09:00:00Z";
    expect(refuses("schedule_content", { id: "c_1" })).toBe(true);
    expect(refuses("schedule_content", { id: "c_1", scheduledAt: at, publishNow: true })).toBe(
      true,
    );
    expect(refuses("schedule_content", { id: "c_1", publishNow: false })).toBe(true);
    expect(refuses("schedule_content", { id: "c_1", scheduledAt: "next tuesday" })).toBe(true);
    expect(refuses("schedule_content", { id: "c_1", scheduledAt: at })).toBe(false);
    expect(
      refuses("schedule_content", { id: "c_1", scheduledAt: "2030-01-01T10:00:00+01:00" }),
    ).toBe(false);
    expect(
      refuses("schedule_content", { id: "c_1", publishNow: true, acknowledgeAiIsms: true }),
    ).toBe(false);
  });

  it("every tool that takes an id refuses an empty one", () => {
    for (const t of tools.filter((t) => "id" in t.parameters.properties)) {
      expect(t.inputSchema.safeParse({ id: "" }).success, t.name).toBe(false);
    }
  });

  it("every tool refuses unknown keys, so a model learns the real parameters", () => {
    for (const t of tools) {
      expect(t.inputSchema.safeParse({ contentType: "post" }).success, t.name).toBe(false);
    }
  });
});
