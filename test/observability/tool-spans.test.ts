/**
 * With `tracer`, a tool run is an `execute_tool {name}` span by the OpenTelemetry GenAI semantic
 * conventions, and the SDK call's span is its child (docs/observability.md, "Tool runs"): one
 * trace from the model's turn to the wire, checked span by span with the OpenTelemetry SDK's
 * in-memory exporter, for runTool and the AI SDK, OpenAI Agents and LangChain adapters.
 */

import { RunContext } from "@openai/agents";
import { SpanStatusCode } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import { aiSdkTools } from "../../src/frameworks/ai-sdk.js";
import { langChainTools } from "../../src/frameworks/langchain.js";
import { openAIAgentsTools } from "../../src/frameworks/openai-agents.js";
import { RateLimitError } from "../../src/index.js";
import { runTool } from "../../src/tools/index.js";
import { fakeClient } from "../support/fake-client.js";
import { memoryTracer, useAsyncContext } from "../support/otel.js";
import { named, spanTree } from "./support/span-tree.js";

useAsyncContext();

/** A tracer keeping finished spans in memory, and a paced fake-backed client tracing to it. */
function tracedClient() {
  const { tracer, spans } = memoryTracer("agent-under-test");
  // The fake's clock is now, so a 429's X-RateLimit-Reset is as near as its Retry-After.
  const { service, client } = fakeClient(
    { tracer, rateLimit: true, maxRetries: 0 },
    { now: new Date() },
  );
  return { service, client, tracer, spans };
}

const SHOWN = [
  "gen_ai.operation.name",
  "gen_ai.tool.name",
  "gen_ai.tool.call.id",
  "error.type",
  "http.request.method",
  "http.response.status_code",
];

/** The spans under `root` as an indented tree, with the attributes above. */
const treeOf = (spans: readonly ReadableSpan[], root: ReadableSpan) => spanTree(spans, root, SHOWN);

describe("execute_tool spans", () => {
  it("runTool: the model's turn → execute_tool → the SDK call → its attempt, and a pacing wait as an event with its length", async () => {
    const { service, client, tracer, spans } = tracedClient();
    // A 429 holds the other budget for 1 s plus the guard: the tool's call waits for its slot.
    service.faults.inject({ path: "/brand", kind: "rateLimited", retryAfterSeconds: 1 });
    await expect(client.brand.get()).rejects.toBeInstanceOf(RateLimitError);

    await tracer.startActiveSpan("agent turn", async (turn) => {
      await runTool(client, "list_channels", {});
      turn.end();
    });

    const [turn] = named(spans(), "agent turn");
    expect(treeOf(spans(), turn!)).toEqual([
      "agent turn [internal]",
      "  execute_tool list_channels [internal] gen_ai.operation.name=execute_tool gen_ai.tool.name=list_channels",
      "    postline channels.list [internal]",
      "      event postline.pacing.wait other granted",
      "      GET [client] http.request.method=GET http.response.status_code=200",
    ]);
    const [call] = named(spans(), "postline channels.list");
    const [wait] = call!.events;
    // The wait lasted until the hold ended: most of its 1.25 s.
    expect(wait!.attributes?.["postline.pacing.wait_ms"]).toBeGreaterThan(500);
    expect(wait!.attributes?.["postline.pacing.wait_ms"]).toBeLessThan(5_000);
    expect(named(spans(), "execute_tool list_channels")[0]!.attributes).toMatchObject({
      "gen_ai.tool.type": "function",
    });
  }, 10_000);

  it("a tool's failure is the span's error.type: the envelope's code, with the SDK call failed beneath it", async () => {
    const { client, spans } = tracedClient();
    await runTool(client, "get_content", { id: "cnt_missing" });
    await runTool(client, "list_content", { limit: 0 });

    const [notFound, refused] = named(spans(), "execute_tool get_content").concat(
      named(spans(), "execute_tool list_content"),
    );
    expect(notFound!.attributes["error.type"]).toBe("not_found");
    expect(notFound!.status.code).toBe(SpanStatusCode.ERROR);
    expect(treeOf(spans(), notFound!)).toEqual([
      "execute_tool get_content [internal] gen_ai.operation.name=execute_tool gen_ai.tool.name=get_content error.type=not_found",
      "  postline content.get [internal] error.type=NotFoundError",
      "    event exception",
      "    GET [client] error.type=404 http.request.method=GET http.response.status_code=404",
      "      event exception",
    ]);
    // Refused input: nothing is sent, so no SDK call beneath it.
    expect(treeOf(spans(), refused!)).toEqual([
      "execute_tool list_content [internal] gen_ai.operation.name=execute_tool gen_ai.tool.name=list_content error.type=validation_error",
    ]);
  });

  const adapters: [
    string,
    (client: ReturnType<typeof tracedClient>["client"]) => Promise<unknown>,
  ][] = [
    [
      "the AI SDK",
      (client) =>
        aiSdkTools(client).list_channels!.execute!(
          {},
          { toolCallId: "call_ai_sdk", messages: [], context: {} },
        ) as Promise<unknown>,
    ],
    [
      "the OpenAI Agents SDK",
      (client) =>
        openAIAgentsTools(client, { tools: ["list_channels"] })[0]!.invoke(new RunContext(), "{}", {
          toolCall: {
            type: "function_call",
            callId: "call_agents",
            name: "list_channels",
            arguments: "{}",
          },
        } as never),
    ],
    [
      "LangChain",
      (client) =>
        langChainTools(client, { tools: ["list_channels"] })[0]!.invoke({
          id: "call_langchain",
          name: "list_channels",
          args: {},
          type: "tool_call",
        }),
    ],
  ];

  it.each(adapters)(
    "%s: gen_ai.tool.call.id is the framework's, and the SDK call is the child",
    async (_name, run) => {
      const { client, spans } = tracedClient();
      await run(client);
      const [tool] = named(spans(), "execute_tool list_channels");
      expect(tool!.attributes["gen_ai.tool.call.id"]).toMatch(/^call_/);
      expect(treeOf(spans(), tool!).slice(1)).toEqual([
        "  postline channels.list [internal]",
        "    GET [client] http.request.method=GET http.response.status_code=200",
      ]);
    },
  );

  it("get_rate_budget: an execute_tool span with no SDK call beneath it", async () => {
    const { client, spans } = tracedClient();
    await runTool(client, "get_rate_budget", {});
    const [tool] = named(spans(), "execute_tool get_rate_budget");
    expect(treeOf(spans(), tool!)).toEqual([
      "execute_tool get_rate_budget [internal] gen_ai.operation.name=execute_tool gen_ai.tool.name=get_rate_budget",
    ]);
  });
});
