import { McpServer, type ServerContext } from "@modelcontextprotocol/server";
import { InvalidRequestError } from "../../core/errors/local-errors.js";
import { type GuardedTracer, guardTracer, tracerOf } from "../../core/observe/guarded-tracer.js";
import type { Tracer } from "../../core/observe/tracing.js";
import { checkMaxWait } from "../../core/pacing/wait-bound.js";
import { checkClientOptions } from "../../core/setup/option-checks.js";
import {
  type AcknowledgmentOptions,
  acknowledgmentModeOf,
  createGate,
  type SpentTickets,
} from "../../tools/approval/index.js";
import { faceOptions } from "../../tools/face-options.js";
import type { ToolClient } from "../../tools/tool-client.js";
import { selectTools, type ToolSelection } from "../../tools/tool-selection.js";
import { VERSION } from "../../version.js";
import { attachReviewCard } from "../ask/review-card/attach-card.js";
import { cardListing } from "../ask/review-card/card-tools.js";
import { clientCanElicitForm } from "./declared-capabilities.js";
import { packageSkills } from "./package-skill.js";
import { progressTokenOf } from "./progress-token.js";
import { inServerSpan } from "./server-span.js";
import { answerToolCall, type McpToolCall } from "./tool-call.js";
import { listedTool, TOOL_LIST_CACHE_HINT } from "./tool-listing.js";
import { traceContextOf } from "./trace-context.js";

/**
 * How long a tool call waits for a rate-limit slot by default: MCP hosts give a tool about 60 s,
 * so a longer wait answers `rate_limited` with `retryAfterSeconds` at once instead.
 */
export const MCP_DEFAULT_MAX_WAIT_MS = 45_000;

/** Options of {@link createMcpServer}. */
export interface McpServerOptions extends ToolSelection, AcknowledgmentOptions {
  /** The `Postline` client the tools call (its key, base URL, pacing and retries apply). */
  readonly client: ToolClient;
  /**
   * How long a tool call may wait for a rate-limit slot, in milliseconds. Default 45 000: under
   * the minute an MCP host gives a tool. A wait known to be longer answers `rate_limited` with
   * `retryAfterSeconds` at once, so the model can plan (docs/retries.md).
   */
  readonly maxWaitMs?: number | undefined;
  /**
   * The HMAC key (at least 32 bytes) that signs the `requestState` of a question put to the
   * person. Default: a random key per process. Give the same key to every process that may
   * receive the host's answer (several instances behind one URL); `postline mcp` reads
   * `POSTLINE_MCP_STATE_KEY`.
   */
  readonly requestStateKey?: string | Uint8Array | undefined;
  /**
   * Where the tickets that decided are kept (a form's `requestState`, a review card's token: each
   * decides once). Default: this process's memory, and a card's token is then accepted only by
   * the process that showed the card. `postline mcp --redis` keeps them in Redis, shared by every
   * process (`redisSpentTickets` of `@postline/sdk/redis`).
   */
  readonly spentTickets?: SpentTickets | undefined;
  /**
   * An OpenTelemetry `Tracer` for the server span of each `tools/call` (`tools/call {name}`,
   * continuing the host's trace from `_meta.traceparent`). Default: the client's `tracer`
   * (docs/observability.md).
   */
  readonly tracer?: Tracer | undefined;
}

/** What the server tells the code around it about each tool call (tracing reads it). */
export interface McpServerSeams {
  /** Called with each `tools/call` before the tool runs. */
  readonly onToolCall?: (call: McpToolCall) => void;
}

const INSTRUCTIONS =
  "Tools for a Postline workspace's social content. Call list_channels first: every create " +
  "needs a channel id. A failed call answers the service's error envelope " +
  "{ error: { code, message, ... } }; its message says what to change, and error.channels or " +
  "error.aiIsmMatches give what to change it to.";

/**
 * An MCP server (an `McpServer` of the official MCP SDK v2, `@modelcontextprotocol/server`)
 * serving the tools of `@postline/sdk/tools` with their annotations. One server answers clients
 * of both protocol revisions, 2025-11-25 and 2026-07-28: hand it to `serveStdio` or
 * `createMcpHandler` as the factory's product, or connect it to any transport.
 *
 * Every tool has a `title`, an `outputSchema` generated from the zod schema of its result, and
 * all four annotations; `tools/list` gives them in a fixed order (`list_content` first) with a
 * cache hint. Results and failures take the hosted endpoint's shapes (api-v1.md §7): a result is
 * `structuredContent` plus one text item that is exactly its JSON; a credential failure is a
 * JSON-RPC error whose `error.data.code` is the service's code; a rate-limit refusal is a
 * JSON-RPC error with `error.data.retryAfterSeconds`; every other failure is an `isError` result
 * whose text is the error envelope. An unknown tool, or one the options leave out, answers
 * `unknown_tool` (docs/mcp.md says how that differs from the specification's -32602).
 *
 * A tool call waits for a rate-limit slot at most `maxWaitMs` (45 s by default); while it waits,
 * a host that sent a `progressToken` gets progress notifications, and the host's cancellation
 * ends the wait at once.
 *
 * When `update_content` approves or `schedule_content` schedules text with AI-ism matches, a host
 * that can show a form asks its person (`acknowledgment`, default `"ask"`; docs/approval.md): a
 * 2026-07-28 host through `input_required`, a 2025-11-25 host through `elicitation/create`. The
 * form shows the exact text and its matches; only an approval acknowledges, and only for that
 * text. The question's `requestState` is HMAC-signed with `requestStateKey`.
 *
 * A host that renders MCP Apps (it declared `io.modelcontextprotocol/ui`) gets the review card,
 * `ui://postline/review`, where a person would otherwise be asked through a form: a gated call
 * answers `awaiting_review` at once and sends nothing; `review_content` opens the card on
 * request; the card decides through the app-only `decide_review`, with a review token signed by
 * `requestStateKey` that only the card sees (docs/approval.md). Other hosts see no change.
 *
 * The server also serves the package's agent skill, `skills/postline/SKILL.md`, through the MCP
 * skills extension (`skills/list`, `skills/get`, `skill://postline/SKILL.md`), byte for byte.
 *
 * With a tracer (`tracer`, by default the client's), each `tools/call` is a `tools/call {name}`
 * server span continuing the host's trace from `_meta.traceparent` (docs/observability.md).
 *
 * @param options - the client, which tools to serve (`readOnly`, `tools`), `maxWaitMs`,
 *   `acknowledgment` (`"ask"`, `"human"` or `"model"`), `requestStateKey` and `tracer`.
 * @throws InvalidRequestError naming `client` when it is not a client, `requestStateKey` when it
 * is shorter than 32 bytes, or `tracer` when it has no `startSpan`; the `TypeError` of
 * `selectTools` naming `options.tools` for a name no tool has or a writing tool with `readOnly`,
 * and one naming `options.acknowledgment`.
 *
 * @example
 * ```ts
 * import { Postline } from "@postline/sdk";
 * import { createMcpServer } from "@postline/sdk/mcp";
 * import { serveStdio } from "@modelcontextprotocol/server/stdio";
 *
 * const client = new Postline();
 * serveStdio(() => createMcpServer({ client, readOnly: true }));
 * ```
 */
export function createMcpServer(options: McpServerOptions): McpServer {
  return createMcpServerWithSeams(options, {});
}

/**
 * {@link createMcpServer} with the seams the code around it uses (not public): `onToolCall` sees
 * each call's trace context before the tool runs.
 */
export function createMcpServerWithSeams(
  options: McpServerOptions,
  seams: McpServerSeams,
): McpServer {
  if (options === null || typeof options !== "object" || !isToolClient(options.client)) {
    throw new InvalidRequestError("client", "createMcpServer needs `client`, a Postline client");
  }
  faceOptions(options, {
    client: true,
    readOnly: true,
    tools: true,
    acknowledgment: true,
    maxWaitMs: true,
    requestStateKey: true,
    spentTickets: true,
    tracer: true,
  });
  const { client } = options;
  const maxWaitMs = options.maxWaitMs ?? MCP_DEFAULT_MAX_WAIT_MS;
  checkMaxWait(maxWaitMs);
  const gate = createGate({
    client,
    mode: acknowledgmentModeOf(options),
    key: options.requestStateKey,
    spent: options.spentTickets,
  });
  const tracer = serverTracerOf(options);
  const served = selectTools(options);
  const servedNames = new Set<string>(served.map((tool) => tool.name));
  const listing = served.map(listedTool);
  const mcp = new McpServer(
    { name: "postline", title: "Postline", version: VERSION },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: INSTRUCTIONS,
      cacheHints: { "tools/list": TOOL_LIST_CACHE_HINT },
      // A state that fails its signature is refused with -32602 before the tool runs again.
      requestState: { verify: (state) => gate.openQuestion(state) },
    },
  );
  // The contract's shapes (unknown_tool, validation_error with param, JSON-RPC refusals) are not
  // registerTool's, so both tool methods are answered here: the v2 SDK's per-method escape hatch.
  // The review card, for hosts that render MCP Apps (docs/approval.md); others see no change.
  const showsCard = attachReviewCard(mcp, servedNames);
  mcp.server.setRequestHandler("tools/list", (_request, ctx: ServerContext) => ({
    tools: showsCard?.(ctx) ? cardListing(listing) : listing,
  }));
  mcp.server.setRequestHandler("tools/call", async (request, ctx: ServerContext) => {
    const meta = ctx.mcpReq._meta;
    const call: McpToolCall = {
      name: request.params.name,
      input: request.params.arguments,
      signal: ctx.mcpReq.signal,
      progressToken: progressTokenOf(meta),
      trace: traceContextOf(meta),
    };
    seams.onToolCall?.(call);
    const protocolVersion = protocolVersionOf(ctx) ?? mcp.server.getNegotiatedProtocolVersion();
    return inServerSpan(tracer, call, { ctx, protocolVersion }, (traceContext) =>
      answerToolCall({ ...call, traceContext }, ctx, {
        gate,
        servedNames,
        maxWaitMs,
        canElicit: clientCanElicitForm(mcp.server, ctx),
        showsCard: showsCard?.(ctx) ?? false,
      }),
    );
  });
  // The package's agent skill, for hosts that load skills (skills/list, skill://postline/SKILL.md).
  packageSkills.attach(mcp);
  return mcp;
}

function serverTracerOf(options: McpServerOptions): GuardedTracer | undefined {
  const { tracer } = options;
  if (tracer === undefined) return tracerOf(options.client);
  // The client's own check of its `tracer` option, with its message.
  checkClientOptions({ tracer });
  return guardTracer(tracer);
}

/** The 2026-07-28 revision a request names in its `_meta` envelope. */
function protocolVersionOf(ctx: ServerContext): string | undefined {
  const named = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[
    "io.modelcontextprotocol/protocolVersion"
  ];
  return typeof named === "string" ? named : undefined;
}

function isToolClient(value: unknown): value is ToolClient {
  if (value === null || typeof value !== "object") return false;
  return ["content", "channels", "brand"].every((member) => member in value);
}
