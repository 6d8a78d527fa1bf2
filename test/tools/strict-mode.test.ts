import type OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from "vitest";
import {
  type ToolParameters,
  toOpenAIResponsesTools,
  toOpenAITools,
  tools,
} from "../../src/tools/index.js";
import { STRICT_STRING_FORMATS } from "../../src/tools/strict-schema.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { runAsModel } from "./support/run-as-model.js";

// The keywords each kind of schema may carry in strict mode, as the Structured Outputs guide
// lists them under "Supported schemas"; anything else is refused by the API.
const COMMON = ["type", "description", "enum", "anyOf", "$ref", "$defs"];
const BY_TYPE: Record<string, readonly string[]> = {
  object: ["properties", "required", "additionalProperties"],
  array: ["items", "minItems", "maxItems"],
  string: ["pattern", "format"],
  number: ["multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"],
  integer: ["multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"],
  boolean: [],
  null: [],
};
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;
const MAX_ENUM_VALUES = 1000;

type Node = { [keyword: string]: unknown };

/** Every way `node` breaks strict mode's documented rules, as readable lines. */
function strictModeViolations(root: ToolParameters): string[] {
  const found: string[] = [];
  let properties = 0;
  if (root.type !== "object") found.push("the root is not an object");
  if ("anyOf" in root) found.push("the root is an anyOf");
  const visit = (node: Node, path: string, depth: number) => {
    if (depth > MAX_DEPTH) found.push(`${path}: nested deeper than ${MAX_DEPTH}`);
    const types = [node.type].flat().filter((t): t is string => typeof t === "string");
    const allowed = new Set([...COMMON, ...types.flatMap((t) => BY_TYPE[t] ?? [])]);
    for (const keyword of Object.keys(node)) {
      if (!allowed.has(keyword)) found.push(`${path}: keyword "${keyword}" is not supported`);
    }
    if (typeof node.format === "string" && !STRICT_STRING_FORMATS.has(node.format)) {
      found.push(`${path}: format "${node.format}" is not supported`);
    }
    if (Array.isArray(node.enum) && node.enum.length > MAX_ENUM_VALUES) {
      found.push(`${path}: more than ${MAX_ENUM_VALUES} enum values`);
    }
    if (types.includes("object") || "properties" in node) {
      const props = (node.properties ?? {}) as Record<string, Node>;
      properties += Object.keys(props).length;
      if (node.additionalProperties !== false) {
        found.push(`${path}: additionalProperties is not false`);
      }
      const required = Array.isArray(node.required) ? node.required : [];
      for (const name of Object.keys(props)) {
        if (!required.includes(name)) found.push(`${path}.${name}: not listed in required`);
        visit(props[name]!, `${path}.${name}`, depth + 1);
      }
    }
    if (node.items !== undefined) visit(node.items as Node, `${path}[]`, depth + 1);
    for (const [index, branch] of ((node.anyOf ?? []) as Node[]).entries()) {
      visit(branch, `${path}|${index}`, depth + 1);
    }
  };
  visit(root as unknown as Node, "$", 1);
  if (properties > MAX_PROPERTIES) found.push(`more than ${MAX_PROPERTIES} properties`);
  return found;
}

function acceptsNull(node: Node): boolean {
  return (
    [node.type].flat().includes("null") ||
    ((node.anyOf ?? []) as Node[]).some((branch) => acceptsNull(branch))
  );
}

describe("OpenAI strict mode", () => {
  const chat = toOpenAITools(undefined, { strict: true });
  const responses = toOpenAIResponsesTools(undefined, { strict: true });

  it.each(tools.map((t) => [t.name, t] as const))(
    "%s: its strict schema follows every documented rule of strict mode",
    (name) => {
      const schema = chat.find((t) => t.function.name === name)!.function.parameters;
      expect(strictModeViolations(schema)).toEqual([]);
      expect(responses.find((t) => t.name === name)!.parameters).toEqual(schema);
    },
  );

  it.each(tools.map((t) => [t.name, t] as const))(
    "%s: each optional parameter accepts null, each required one does not, and enums list null only when optional",
    (_name, tool) => {
      const schema = chat.find((t) => t.function.name === tool.name)!.function.parameters;
      const required = new Set(tool.parameters.required ?? []);
      for (const [param, property] of Object.entries(schema.properties)) {
        expect(acceptsNull(property), param).toBe(!required.has(param));
        if (Array.isArray(property.enum)) {
          expect(property.enum.includes(null), param).toBe(!required.has(param));
        }
      }
      expect(Object.keys(schema.properties)).toEqual(Object.keys(tool.parameters.properties));
    },
  );

  it("the rule check finds what the plain schemas break (optional parameters, minLength, const)", () => {
    const plain = tools.find((t) => t.name === "schedule_content")!.parameters;
    expect(strictModeViolations(plain)).toEqual(
      expect.arrayContaining([
        "$.scheduledAt: not listed in required",
        '$.id: keyword "minLength" is not supported',
        '$.publishNow: keyword "const" is not supported',
      ]),
    );
  });

  it("marks the tools strict, and leaves them as they were without the option", () => {
    expect(chat.every((t) => t.function.strict === true)).toBe(true);
    expect(responses.every((t) => t.strict === true)).toBe(true);
    expect(toOpenAITools().every((t) => !("strict" in t.function))).toBe(true);
    expect(toOpenAIResponsesTools().every((t) => t.strict === false)).toBe(true);
    expect(toOpenAITools()[0]!.function.parameters).toEqual(tools[0]!.parameters);
    expectTypeOf(chat).toExtend<OpenAI.Chat.Completions.ChatCompletionTool[]>();
    expectTypeOf(responses).toExtend<OpenAI.Responses.FunctionTool[]>();
  });

  it("takes a subset, and refuses a strict option that is not a boolean", () => {
    const subset = tools.filter((t) => t.annotations.readOnlyHint);
    expect(toOpenAITools(subset, { strict: true })).toHaveLength(subset.length);
    expect(() => toOpenAITools(undefined, { strict: "yes" as never })).toThrow(/options\.strict/);
    expect(() => toOpenAIResponsesTools(undefined, null as never)).toThrow(/options/);
  });
});

describe("runTool reads null as not given", () => {
  let session: FakeSession;
  beforeEach(() => {
    session = openFakeSession();
  });
  afterEach(() => session.close());

  async function requestsOf(name: string, input: unknown) {
    session.service.clearRequests();
    const result = await runAsModel(session.client, name, input);
    const sent = session.service.requests.map((r) => ({
      method: r.method,
      path: r.path,
      query: r.query,
      body: r.body,
    }));
    return { result, sent };
  }

  it("list_content with every optional parameter null sends the same request as with none", async () => {
    const omitted = await requestsOf("list_content", { status: "draft" });
    const nulls = await requestsOf("list_content", {
      status: "draft",
      channelId: null,
      source: null,
      cursor: null,
      limit: null,
    });
    expect(omitted.sent).toHaveLength(1);
    expect(nulls.sent).toEqual(omitted.sent);
    expect(nulls.result).toEqual(omitted.result);
  });

  it("create_content_draft with topic and title null sends the same body as without them", async () => {
    const channelId = session.channelIds[0]!;
    const body = "Exports are faster now.";
    const omitted = await requestsOf("create_content_draft", { channelId, body });
    const nulls = await requestsOf("create_content_draft", {
      channelId,
      body,
      topic: null,
      title: null,
    });
    expect(omitted.sent).toHaveLength(1);
    expect(nulls.sent[0]?.body).toEqual(omitted.sent[0]?.body);
    expect(nulls.sent[0]?.body).toEqual({ channelId, body });
  });

  it("a required parameter sent as null is missing: create_content_draft answers with the channels", async () => {
    const { result, sent } = await requestsOf("create_content_draft", {
      channelId: null,
      body: "Exports are faster now.",
      topic: null,
      title: null,
    });
    expect(result).toMatchObject({
      error: { code: "validation_error", param: "channelId", channels: expect.any(Array) },
    });
    expect(sent.every((request) => request.method === "GET")).toBe(true);
  });
});
