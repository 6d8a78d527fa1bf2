import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  toAnthropicTools,
  toOpenAIResponsesTools,
  toOpenAITools,
  tools,
} from "../../src/tools/index.js";

describe("adapters", () => {
  it("toOpenAITools gives { type: 'function', function: { name, description, parameters } }", () => {
    const shaped = toOpenAITools();
    expect(shaped).toHaveLength(tools.length);
    shaped.forEach((entry, index) => {
      const source = tools[index]!;
      expect(Object.keys(entry).sort()).toEqual(["function", "type"]);
      expect(entry.type).toBe("function");
      expect(Object.keys(entry.function).sort()).toEqual(["description", "name", "parameters"]);
      expect(entry.function).toEqual({
        name: source.name,
        description: source.description,
        parameters: source.parameters,
      });
    });
  });

  it("toOpenAITools is accepted by the openai package's own Chat Completions types", () => {
    expectTypeOf(toOpenAITools()).toExtend<OpenAI.Chat.Completions.ChatCompletionTool[]>();
  });

  it("toOpenAIResponsesTools gives { type, name, description, parameters, strict: false }", () => {
    const shaped = toOpenAIResponsesTools();
    expect(shaped.map((entry) => entry.name)).toEqual(tools.map((t) => t.name));
    for (const entry of shaped) {
      expect(Object.keys(entry).sort()).toEqual([
        "description",
        "name",
        "parameters",
        "strict",
        "type",
      ]);
      expect(entry.type).toBe("function");
      expect(entry.strict).toBe(false);
    }
    expectTypeOf(shaped).toExtend<OpenAI.Responses.FunctionTool[]>();
  });

  it("toAnthropicTools gives { name, description, input_schema }", () => {
    const shaped = toAnthropicTools();
    expect(shaped).toHaveLength(tools.length);
    shaped.forEach((entry, index) => {
      const source = tools[index]!;
      expect(Object.keys(entry).sort()).toEqual(["description", "input_schema", "name"]);
      expect(entry).toEqual({
        name: source.name,
        description: source.description,
        input_schema: source.parameters,
      });
      expect(entry.input_schema.type).toBe("object");
    });
    // What `anthropic.messages.create({ tools })` takes, with no cast (npm run typecheck).
    expectTypeOf(shaped).toExtend<Anthropic.Tool[]>();
  });

  it("shape only the tools they are given", () => {
    const readOnly = tools.filter((t) => t.annotations.readOnlyHint);
    expect(toAnthropicTools(readOnly).map((t) => t.name)).toEqual(readOnly.map((t) => t.name));
    expect(toOpenAITools(readOnly).map((t) => t.function.name)).not.toContain("delete_content");
  });

  it("hand out copies: mutating an adapted schema leaves the tools unchanged", () => {
    const [first] = toOpenAITools();
    (first!.function.parameters.properties as Record<string, unknown>).injected = {
      type: "string",
    };
    expect(tools[0]!.parameters.properties).not.toHaveProperty("injected");
  });
});
