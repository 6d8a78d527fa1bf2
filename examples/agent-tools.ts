/**
 * Agent tools: a scripted model drives the Postline tools through `runTool`, the way an LLM
 * would, and recovers from two refusals on its own — a draft without a channel (it reads
 * `error.channels` and picks one) and an approval of text with AI-isms (it reads
 * `error.acknowledgmentRequired` and calls again with `acknowledgeAiIsms: true`).
 *
 *   npx tsx examples/agent-tools.ts
 *
 * No network and no model: the "model" is a fixed list of turns, and the service is the
 * in-process contract fake. Exits non-zero when a turn does not see what it expects.
 */
import { setupServer } from "msw/node";
import { Postline } from "../src/index.js";
import { createFakeService, handlers } from "../src/testing/index.js";
import {
  isToolError,
  type JsonObject,
  runTool,
  type ToolResult,
  toOpenAITools,
} from "../src/tools/index.js";
import { expectThat } from "./support/expect-that.js";

/** One tool call, as a model would emit it. */
interface ToolCall {
  readonly name: string;
  readonly input: JsonObject;
}

/** One turn of the scripted model: what it says, what it calls, and what it must see. */
interface Turn {
  readonly thought: string;
  readonly call: (memory: Memory) => ToolCall;
  readonly check: (result: ToolResult, memory: Memory) => void;
}

/** What the scripted model remembers between turns: the last result, and ids it picked up. */
interface Memory {
  last: ToolResult;
  draftId?: string;
}

// "delve" is one of the service's AI-writing patterns: approving this text needs acknowledging it.
const POST =
  "Let's delve into our new export pipeline: a 50k-row CSV now downloads in under three seconds.";

const script: readonly Turn[] = [
  {
    thought: "Read the brand profile before writing anything.",
    call: () => ({ name: "get_brand", input: {} }),
    check: (result) =>
      expectThat(!isToolError(result) && "profile" in result, "get_brand gives a profile"),
  },
  {
    thought: "Save my text as a free draft. (I forgot to name a channel.)",
    call: () => ({ name: "create_content_draft", input: { body: POST, topic: "exports" } }),
    check: (result) => {
      expectThat(isToolError(result), "a draft without a channel is refused");
      expectThat(result.error.code === "validation_error", "the refusal is a validation_error");
      expectThat(
        Array.isArray(result.error.channels),
        "the refusal lists channels in error.channels",
      );
    },
  },
  {
    thought: "The refusal lists the connected channels: pick the LinkedIn one and try again.",
    call: ({ last }) => ({
      name: "create_content_draft",
      input: { channelId: channelFrom(last, "linkedin"), body: POST, topic: "exports" },
    }),
    check: (result, memory) => {
      const item = itemOf(result);
      expectThat(item.status === "draft", `the new item is a draft, got ${String(item.status)}`);
      expectThat(
        Array.isArray(item.aiIsmMatches) && item.aiIsmMatches.length > 0,
        "the scan found AI-isms",
      );
      memory.draftId = String(item.id);
    },
  },
  {
    thought: "Approve the draft.",
    call: ({ draftId }) => ({ name: "update_content", input: { id: draftId!, status: "pending" } }),
    check: (result) => {
      expectThat(isToolError(result), "approving AI-ism text without acknowledging is refused");
      expectThat(
        result.error.acknowledgmentRequired === true,
        "error.acknowledgmentRequired is true",
      );
      expectThat(Array.isArray(result.error.aiIsmMatches), "error.aiIsmMatches lists what matched");
    },
  },
  {
    thought: "The match is a word choice I accept for this audience: acknowledge it and approve.",
    call: ({ draftId }) => ({
      name: "update_content",
      input: { id: draftId!, status: "pending", acknowledgeAiIsms: true },
    }),
    check: (result) => {
      const item = itemOf(result);
      expectThat(item.status === "pending", `the item is approved, got ${String(item.status)}`);
    },
  },
  {
    thought: "Publish it on the next tick.",
    call: ({ draftId }) => ({
      name: "schedule_content",
      input: { id: draftId!, publishNow: true, acknowledgeAiIsms: true },
    }),
    check: (result) => {
      const item = itemOf(result);
      expectThat(item.status === "scheduled", `the item is scheduled, got ${String(item.status)}`);
    },
  },
  {
    thought: "Check the queue.",
    call: () => ({ name: "list_content", input: { status: "scheduled", limit: 10 } }),
    check: (result, { draftId }) => {
      expectThat(!isToolError(result) && Array.isArray(result.items), "list_content gives items");
      const ids = (result.items as JsonObject[]).map((item) => item.id);
      expectThat(ids.includes(draftId!), "the scheduled post is in the queue");
    },
  },
  {
    thought: "Is there a tool to publish everything at once?",
    call: () => ({ name: "publish_everything", input: {} }),
    check: (result) =>
      expectThat(
        isToolError(result) && result.error.code === "unknown_tool",
        "an unknown tool is refused",
      ),
  },
];

const service = createFakeService();
const server = setupServer(...handlers(service));
server.listen({ onUnhandledFrame: "error" });
const { apiKey, baseURL } = service.defaults;
const client = new Postline({ apiKey, baseURL });

try {
  console.log(
    `\n▶ agent tools: a scripted model with ${toOpenAITools().length} tools (against the fake)`,
  );
  const memory: Memory = { last: {} };
  for (const [index, turn] of script.entries()) {
    const call = turn.call(memory);
    console.log(`\n[${index + 1}] model: ${turn.thought}`);
    console.log(`    → ${call.name} ${JSON.stringify(call.input)}`);
    const result = await runTool(client, call.name, call.input);
    console.log(`    ← ${summary(result)}`);
    expectThat(!JSON.stringify(result).includes(apiKey), "no tool result contains the API token");
    turn.check(result, memory);
    memory.last = result;
  }
  console.log("\n✔ agent tools: every turn saw what it expected");
} catch (error) {
  console.error(
    `\n✖ agent tools failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  server.close();
}

/** The id of the first channel on `platform` listed in a refusal's `error.channels`. */
function channelFrom(result: ToolResult, platform: string): string {
  const channels =
    isToolError(result) && Array.isArray(result.error.channels) ? result.error.channels : [];
  const match = (channels as JsonObject[]).find((channel) => channel.platform === platform);
  expectThat(match && typeof match.id === "string", `error.channels lists a ${platform} channel`);
  return match.id as string;
}

/** The `item` of a successful result; fails the script on an error envelope. */
function itemOf(result: ToolResult): JsonObject {
  expectThat(!isToolError(result), `expected a result, got ${JSON.stringify(result)}`);
  const item = result.item;
  expectThat(
    item !== null && typeof item === "object" && !Array.isArray(item),
    "the result has an item",
  );
  return item;
}

/** One line about a result, as a transcript shows it. */
function summary(result: ToolResult): string {
  if (isToolError(result)) {
    const { code, message, ...detail } = result.error;
    const extra =
      Object.keys(detail).length > 0 ? ` (also: ${Object.keys(detail).join(", ")})` : "";
    const channels = Array.isArray(detail.channels)
      ? `\n      error.channels: ${(detail.channels as JsonObject[]).map((c) => `${c.id} (${c.platform})`).join(", ")}`
      : "";
    return `error ${code}: ${clip(message, 200)}${extra}${channels}`;
  }
  if (result.item && typeof result.item === "object" && !Array.isArray(result.item)) {
    const { id, status, channelName, aiIsmMatches } = result.item;
    const matches = Array.isArray(aiIsmMatches) ? aiIsmMatches.length : 0;
    return `item ${id} ${status} on ${channelName}${matches ? `, ${matches} AI-ism match(es)` : ""}`;
  }
  if (Array.isArray(result.items)) {
    const items = result.items as JsonObject[];
    return `${items.length} item(s): ${items.map((item) => `${item.id} (${item.status})`).join(", ")}`;
  }
  if (result.profile && typeof result.profile === "object" && !Array.isArray(result.profile)) {
    return `brand profile of ${String(result.profile.name)}`;
  }
  return clip(JSON.stringify(result), 160);
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
