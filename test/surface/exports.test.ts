/**
 * The published surface, pinned: each entry of package.json's `exports`, as built, with its
 * runtime export names and its `.d.ts` export names in inline snapshots. Adding, removing or
 * renaming a public name changes a snapshot here, so the change is a visible diff in review.
 * Update with `npx vitest run test/surface/exports.test.ts -u` after `npm run build`.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);

interface Target {
  readonly types: string;
  readonly default: string;
}
type Conditions = Partial<Record<"browser" | "import" | "require", Target>>;

const packageJson = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  exports: Record<string, string | Conditions>;
};
/** Each code entry (`.`, `./testing`, ...) with its conditions; the JSON files are left out. */
const ENTRIES = Object.entries(packageJson.exports).filter(
  (entry): entry is [string, Conditions] => typeof entry[1] === "object",
);

const built = (file: string) => join(ROOT, file);

/** The names a module exports at run time, sorted. */
const runtimeNames = (module: object) => Object.keys(module).sort();

/** The names a declaration file exports, types and values, sorted (read by the compiler). */
function declaredNames(program: ts.Program, file: string): string[] {
  const source = program.getSourceFile(built(file));
  if (source === undefined) throw new Error(`${file} is not in the program`);
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(source);
  if (symbol === undefined) throw new Error(`${file} is not a module`);
  return checker
    .getExportsOfModule(symbol)
    .map((exported) => exported.name)
    .sort();
}

const esm: Record<string, string[]> = {};
const browser: Record<string, string[]> = {};
const cjs: Record<string, string[]> = {};
const dts: Record<string, string[]> = {};
const dcts: Record<string, string[]> = {};

beforeAll(async () => {
  for (const [, conditions] of ENTRIES) {
    for (const target of Object.values(conditions)) {
      expect(existsSync(built(target.default)), `${target.default}: run npm run build first`).toBe(
        true,
      );
    }
  }
  const declarations = ENTRIES.flatMap(([, { import: esmTarget, require: cjsTarget }]) => [
    built(esmTarget!.types),
    built(cjsTarget!.types),
  ]);
  const program = ts.createProgram(declarations, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    noEmit: true,
  });
  for (const [entry, conditions] of ENTRIES) {
    esm[entry] = runtimeNames(await import(pathToFileURL(built(conditions.import!.default)).href));
    if (conditions.browser !== undefined) {
      const module = await import(pathToFileURL(built(conditions.browser.default)).href);
      browser[entry] = runtimeNames(module);
    }
    cjs[entry] = runtimeNames(require(built(conditions.require!.default)));
    dts[entry] = declaredNames(program, conditions.import!.types);
    dcts[entry] = declaredNames(program, conditions.require!.types);
  }
}, 60_000);

describe("the published surface", () => {
  it("each entry exports the same names from ESM, CJS and the browser build, and .d.ts and .d.cts", () => {
    expect(cjs).toEqual(esm);
    for (const [entry, names] of Object.entries(browser)) expect(names, entry).toEqual(esm[entry]);
    expect(dcts).toEqual(dts);
  });

  it("every runtime export is declared", () => {
    for (const [entry, names] of Object.entries(esm)) {
      expect(
        names.filter((name) => !dts[entry]!.includes(name)),
        entry,
      ).toEqual([]);
    }
  });

  it("the root exports no zod schema: they are @postline/sdk/schemas'", async () => {
    const root = (await import(pathToFileURL(built("dist/index.js")).href)) as Record<
      string,
      unknown
    >;
    const schemas = Object.keys(root).filter((name) => {
      const value = root[name];
      return typeof value === "object" && value !== null && "_zod" in value;
    });
    expect(schemas).toEqual([]);
    const { ContentItemSchema } = (await import(
      pathToFileURL(built("dist/schemas/index.js")).href
    )) as Record<string, object>;
    expect(ContentItemSchema).toHaveProperty("_zod");
  });

  it("runtime export names, by entry", () => {
    expect(esm).toMatchInlineSnapshot(`
      {
        ".": [
          "APIConnectionError",
          "APIError",
          "APITimeoutError",
          "APIUserAbortError",
          "AcknowledgmentRequiredError",
          "AmbiguousCreateError",
          "AuthenticationError",
          "BadRequestError",
          "CannotRevokeSelfError",
          "CapacityUnknownError",
          "ConflictError",
          "ERROR_CODES",
          "ForbiddenError",
          "GenerationLimitError",
          "InternalServerError",
          "InvalidApiKeyError",
          "InvalidRequestError",
          "InvalidStatusTransitionError",
          "MissingAuthorizationError",
          "MissingInputError",
          "NotFoundError",
          "Paginated",
          "PaginationError",
          "PaymentRequiredError",
          "PermissionDeniedError",
          "PlannedTimePassed",
          "PlannedTimePassedError",
          "Postline",
          "PostlineError",
          "PublishFailedError",
          "PublishedImmutableError",
          "RateLimitError",
          "RateLimitWaitError",
          "ResponseValidationError",
          "ScopeRequiredError",
          "ServerError",
          "SubscriptionInactiveError",
          "TransitionFailedError",
          "UnknownToolError",
          "VERSION",
          "ValidationError",
          "WorkspaceNotFoundError",
          "WorkspaceSuspendedError",
          "XUrlCreditRequiredError",
          "isRetryable",
        ],
        "./ai-sdk": [
          "aiSdkToolApproval",
          "aiSdkTools",
          "aiSdkToolsWithApproval",
          "approvalReason",
        ],
        "./langchain": [
          "langChainApproval",
          "langChainTools",
          "langChainToolsWithApproval",
        ],
        "./mcp": [
          "MCP_DEFAULT_MAX_WAIT_MS",
          "MCP_REFUSAL_CODES",
          "createMcpServer",
          "errorFromMcp",
        ],
        "./openai-agents": [
          "REVIEWS_KEY",
          "describeApproval",
          "openAIAgentsTools",
        ],
        "./redis": [
          "createRedisStore",
          "redisSpentTickets",
        ],
        "./schemas": [
          "AgentKeySchema",
          "BrandProfileSchema",
          "CONTENT_SOURCES",
          "CONTENT_STATUSES",
          "ChannelRefSchema",
          "ChannelSchema",
          "ContentItemSchema",
          "ContentPageSchema",
          "ContentSourceSchema",
          "ContentStatusSchema",
          "CreatedAgentKeySchema",
          "ErrorEnvelopeSchema",
          "KEY_SCOPES",
          "KeyScopeSchema",
          "PLATFORMS",
          "PlatformSchema",
          "StatsSchema",
        ],
        "./testing": [
          "DEFAULT_AI_ISM_PATTERNS",
          "DEFAULT_BASE_URL",
          "FakeControlError",
          "FakeSeedSchema",
          "RecordingSchema",
          "SESSION_COOKIE",
          "SESSION_PATH",
          "WAIT_LIMITS",
          "WATCH_PATHS",
          "checkRecording",
          "connectFake",
          "createFakeService",
          "handlers",
          "recordingFetch",
          "replayFetch",
          "startFakeServer",
        ],
        "./tools": [
          "isToolError",
          "isToolName",
          "runTool",
          "selectTools",
          "toAnthropicRunnableTools",
          "toAnthropicTools",
          "toOpenAIResponsesTools",
          "toOpenAIRunnableTools",
          "toOpenAITools",
          "toStrictParameters",
          "tools",
        ],
      }
    `);
  });

  it(".d.ts export names (types and values), by entry", () => {
    expect(dts).toMatchInlineSnapshot(`
      {
        ".": [
          "APIConnectionError",
          "APIError",
          "APITimeoutError",
          "APIUserAbortError",
          "AboutYou",
          "AcknowledgeOptions",
          "AcknowledgmentRefusalFacts",
          "AcknowledgmentRequiredError",
          "AgentKey",
          "AiIsmMatch",
          "AiIsmStats",
          "AmbiguousCreateError",
          "AmbiguousCreateOutcome",
          "ApproveParams",
          "AuthenticationError",
          "BadRequestError",
          "BrandProfile",
          "BrandResource",
          "BudgetReading",
          "BudgetStatus",
          "BudgetStore",
          "CannotRevokeSelfError",
          "CapacityUnknownError",
          "Channel",
          "ChannelBalance",
          "ChannelListParams",
          "ChannelRef",
          "ChannelsResource",
          "ClaimedItem",
          "ClientHooks",
          "ConflictError",
          "ContentItem",
          "ContentListParams",
          "ContentPage",
          "ContentResource",
          "ContentReview",
          "ContentSource",
          "ContentStatus",
          "ContentUpdateParams",
          "CreateClaimStore",
          "CreateDraftParams",
          "CreateReconciliation",
          "CreateRequestOptions",
          "CreatedAgentKey",
          "CreatedBy",
          "CustomRequest",
          "ERROR_CODES",
          "ErrorBody",
          "ErrorCode",
          "ErrorEnvelope",
          "ForbiddenError",
          "GenerateParams",
          "GenerationLimitError",
          "GenerationResult",
          "GenerationWarning",
          "HttpMethod",
          "InternalServerError",
          "InvalidApiKeyError",
          "InvalidRequestError",
          "InvalidStatusTransitionError",
          "KeyBudget",
          "KeyCreateParams",
          "KeyScope",
          "KeysResource",
          "LogLevel",
          "Logger",
          "Meter",
          "MetricAttributes",
          "MetricCounter",
          "MetricHistogram",
          "MetricInstrumentOptions",
          "MissingAuthorizationError",
          "MissingInputError",
          "NotFoundError",
          "PacingSlot",
          "PacingStore",
          "Page",
          "Paginated",
          "PaginationError",
          "PaymentRequiredError",
          "PermissionDeniedError",
          "Pipeline",
          "PlannedTimePassed",
          "PlannedTimePassedError",
          "Platform",
          "Postline",
          "PostlineAuth",
          "PostlineEnvironment",
          "PostlineError",
          "PostlineOptions",
          "PublishFailedError",
          "PublishedImmutableError",
          "RateBudget",
          "RateBudgetStatus",
          "RateLimitError",
          "RateLimitOptions",
          "RateLimitWaitError",
          "RateLimitWaitEvent",
          "RejectParams",
          "RequestEvent",
          "RequestOptions",
          "ResponseEvent",
          "ResponseValidationError",
          "RetryEvent",
          "ScheduleConfig",
          "ScheduleParams",
          "ScheduleResource",
          "ScheduleResponse",
          "ScheduleSlot",
          "ScopeRequiredError",
          "ServerError",
          "SlotOutcome",
          "SlotRequest",
          "SlotSettlement",
          "StandingRule",
          "Stats",
          "StatsParams",
          "StatsResource",
          "SubscriptionInactiveError",
          "TraceContext",
          "TraceSpan",
          "Tracer",
          "TransitionFailedError",
          "UnknownToolError",
          "Usage",
          "VERSION",
          "ValidationError",
          "VoiceConfidence",
          "VoiceFacts",
          "VoiceSettings",
          "WithReconciliation",
          "WorkspaceNotFoundError",
          "WorkspaceSuspendedError",
          "XUrlCreditRequiredError",
          "isRetryable",
        ],
        "./ai-sdk": [
          "AiSdkToolApprovalOptions",
          "AiSdkToolsOptions",
          "AiSdkToolsWithApproval",
          "AiSdkToolsWithApprovalOptions",
          "ApprovalFunction",
          "ApprovalStepOptions",
          "PendingReviewStore",
          "PostlineAiSdkTools",
          "PostlineToolApproval",
          "SignedReview",
          "aiSdkToolApproval",
          "aiSdkTools",
          "aiSdkToolsWithApproval",
          "approvalReason",
        ],
        "./langchain": [
          "ApprovalStepOptions",
          "LangChainApprovalOptions",
          "LangChainToolsOptions",
          "LangChainToolsWithApproval",
          "LangChainToolsWithApprovalOptions",
          "MiddlewareRuntime",
          "MiddlewareToolCall",
          "PendingReviewStore",
          "PostlineInterruptOn",
          "PostlineInterruptOnConfig",
          "SignedReview",
          "langChainApproval",
          "langChainTools",
          "langChainToolsWithApproval",
        ],
        "./mcp": [
          "MCP_DEFAULT_MAX_WAIT_MS",
          "MCP_REFUSAL_CODES",
          "McpCallResult",
          "McpJsonRpcError",
          "McpServerOptions",
          "McpToolResult",
          "SpentTickets",
          "createMcpServer",
          "errorFromMcp",
        ],
        "./openai-agents": [
          "ApprovalDescription",
          "OpenAIAgentsToolsOptions",
          "PostlineAgentsTool",
          "REVIEWS_KEY",
          "StrictObjectSchema",
          "describeApproval",
          "openAIAgentsTools",
        ],
        "./redis": [
          "IoRedisLikeClient",
          "NodeRedisLikeClient",
          "NodeRedisLikeCluster",
          "RedisClientLike",
          "RedisStoreOptions",
          "createRedisStore",
          "redisSpentTickets",
        ],
        "./schemas": [
          "AgentKeySchema",
          "BrandProfileSchema",
          "CONTENT_SOURCES",
          "CONTENT_STATUSES",
          "ChannelRefSchema",
          "ChannelSchema",
          "ContentItemSchema",
          "ContentPageSchema",
          "ContentSourceSchema",
          "ContentStatusSchema",
          "CreatedAgentKeySchema",
          "ErrorEnvelopeSchema",
          "KEY_SCOPES",
          "KeyScopeSchema",
          "PLATFORMS",
          "PlatformSchema",
          "StatsSchema",
        ],
        "./testing": [
          "AddKeyOptions",
          "AddedKey",
          "AiIsmPattern",
          "ApprovalMode",
          "BrandRecord",
          "ChannelSeed",
          "ContentSeed",
          "ControlOptions",
          "DEFAULT_AI_ISM_PATTERNS",
          "DEFAULT_BASE_URL",
          "FakeClock",
          "FakeClockState",
          "FakeControl",
          "FakeControlError",
          "FakeControlKey",
          "FakeDefaults",
          "FakeFaults",
          "FakeJournal",
          "FakeOutcome",
          "FakeOverview",
          "FakeProviderControls",
          "FakeRateWindow",
          "FakeRequest",
          "FakeRequestQuery",
          "FakeResetAnswer",
          "FakeResponse",
          "FakeSeedJson",
          "FakeSeedSchema",
          "FakeServer",
          "FakeServerOptions",
          "FakeService",
          "FakeServiceSeed",
          "FakeSession",
          "FaultHandle",
          "FaultJson",
          "FaultKind",
          "FaultMatch",
          "FaultSpec",
          "HandlersOptions",
          "InjectedFault",
          "JournalFilter",
          "KeySeed",
          "MemberSeed",
          "OtherWorkspaceDefaults",
          "PrincipleRecord",
          "Publication",
          "QuotaSeed",
          "RecordedExchange",
          "RecordedRequest",
          "Recording",
          "RecordingCheckReport",
          "RecordingDifference",
          "RecordingFetchOptions",
          "RecordingJson",
          "RecordingSchema",
          "RequestListener",
          "Role",
          "SESSION_COOKIE",
          "SESSION_PATH",
          "ScheduleConfigSeed",
          "SignInOptions",
          "SlotRecord",
          "StandingRuleRecord",
          "Voice",
          "VoiceSeed",
          "WAIT_LIMITS",
          "WATCH_PATHS",
          "WatchedRequest",
          "WorkspaceHandle",
          "WorkspaceSeed",
          "WorkspaceState",
          "checkRecording",
          "connectFake",
          "createFakeService",
          "handlers",
          "recordingFetch",
          "replayFetch",
          "startFakeServer",
        ],
        "./tools": [
          "AcknowledgmentMode",
          "AcknowledgmentOptions",
          "AnthropicRunnableTool",
          "AnthropicTool",
          "ConfirmAcknowledgment",
          "ConfirmOptions",
          "InputFor",
          "JsonObject",
          "JsonValue",
          "LocalToolErrorCode",
          "OpenAIChatTool",
          "OpenAIFunction",
          "OpenAIResponsesTool",
          "OpenAIRunnableTool",
          "OpenAIToolOptions",
          "RunToolOptions",
          "RunnableToolParameters",
          "Tool",
          "ToolAnnotations",
          "ToolClient",
          "ToolDefinition",
          "ToolErrorBody",
          "ToolErrorResult",
          "ToolInput",
          "ToolInputs",
          "ToolName",
          "ToolOutputSchema",
          "ToolParameters",
          "ToolRequestOptions",
          "ToolResult",
          "ToolSelection",
          "isToolError",
          "isToolName",
          "runTool",
          "selectTools",
          "toAnthropicRunnableTools",
          "toAnthropicTools",
          "toOpenAIResponsesTools",
          "toOpenAIRunnableTools",
          "toOpenAITools",
          "toStrictParameters",
          "tools",
        ],
      }
    `);
  });
});
