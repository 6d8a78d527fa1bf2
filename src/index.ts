// Public exports of @postline/sdk. No logic lives here.

export { Postline } from "./client.js";
// Errors: every class a call can throw, and `isRetryable`. A constructor's argument type, for
// tests that build an error, is `ConstructorParameters<typeof APIError>[0]`.
export {
  AmbiguousCreateError,
  type AmbiguousCreateOutcome,
} from "./core/errors/ambiguous-create-error.js";
export { APIError } from "./core/errors/api-error.js";
export {
  AuthenticationError,
  InvalidApiKeyError,
  MissingAuthorizationError,
} from "./core/errors/authentication.js";
export {
  BadRequestError,
  CannotRevokeSelfError,
  InvalidStatusTransitionError,
  MissingInputError,
  ValidationError,
} from "./core/errors/bad-request.js";
// Every code the contract names, for a dashboard, a tool's description or an exhaustive switch;
// which class each is thrown as is the classes' own business (docs/errors.md).
export { ERROR_CODES, type ErrorCode } from "./core/errors/codes.js";
export {
  type AcknowledgmentRefusalFacts,
  AcknowledgmentRequiredError,
  ConflictError,
  PublishedImmutableError,
} from "./core/errors/conflict.js";
export {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
} from "./core/errors/connection-errors.js";
export { isRetryable } from "./core/errors/is-retryable.js";
export {
  InvalidRequestError,
  PaginationError,
  PlannedTimePassed,
  PlannedTimePassedError,
  ResponseValidationError,
} from "./core/errors/local-errors.js";
export { NotFoundError, WorkspaceNotFoundError } from "./core/errors/not-found.js";
export {
  PaymentRequiredError,
  SubscriptionInactiveError,
  XUrlCreditRequiredError,
} from "./core/errors/payment.js";
export {
  ForbiddenError,
  GenerationLimitError,
  PermissionDeniedError,
  ScopeRequiredError,
  WorkspaceSuspendedError,
} from "./core/errors/permission.js";
export { PostlineError } from "./core/errors/postline-error.js";
export { RateLimitError } from "./core/errors/rate-limit.js";
export { RateLimitWaitError } from "./core/errors/rate-limit-wait.js";
export {
  CapacityUnknownError,
  InternalServerError,
  PublishFailedError,
  ServerError,
  TransitionFailedError,
} from "./core/errors/server.js";
export { UnknownToolError } from "./core/errors/unknown-tool.js";
export type {
  ClientHooks,
  RateLimitWaitEvent,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
} from "./core/observe/hooks.js";
export type { Logger, LogLevel } from "./core/observe/logger.js";
export type {
  Meter,
  MetricAttributes,
  MetricCounter,
  MetricHistogram,
  MetricInstrumentOptions,
} from "./core/observe/metrics.js";
export type { TraceContext, Tracer, TraceSpan } from "./core/observe/tracing.js";
export type {
  BudgetReading,
  BudgetStatus,
  BudgetStore,
  RateBudgetStatus,
} from "./core/pacing/budget-status.js";
export type {
  ClaimedItem,
  CreateClaimStore,
  KeyBudget,
  PacingSlot,
  PacingStore,
  SlotOutcome,
  SlotRequest,
  SlotSettlement,
} from "./core/pacing/pacing-store.js";
export type { RateBudget } from "./core/pacing/rate-budget.js";
export type { Page } from "./core/pagination.js";
export { Paginated } from "./core/pagination.js";
export type { CreateReconciliation, WithReconciliation } from "./core/reconcile/reconcile.js";
export type { RequestOptions } from "./core/request-options.js";
export type {
  PostlineAuth,
  PostlineOptions,
  RateLimitOptions,
} from "./core/setup/client-options.js";
export type { PostlineEnvironment } from "./core/setup/environment.js";
export type { HttpMethod } from "./core/transport/http-method.js";
export type { BrandResource } from "./resources/brand.js";
export type { ChannelListParams, ChannelsResource } from "./resources/channels.js";
export type { ContentResource } from "./resources/content/content.js";
export type {
  AcknowledgeOptions,
  ApproveParams,
  ContentListParams,
  ContentUpdateParams,
  CreateDraftParams,
  CreateRequestOptions,
  GenerateParams,
  RejectParams,
  ScheduleParams,
} from "./resources/content/params.js";
export type { ContentReview } from "./resources/content/review.js";
export type { CustomRequest } from "./resources/custom-request.js";
export type { KeyCreateParams, KeysResource } from "./resources/keys.js";
export type { ScheduleResource } from "./resources/schedule.js";
export type { StatsParams, StatsResource } from "./resources/stats.js";
// The types of the wire records, inferred from the zod schemas; the schemas themselves, and the
// known values of the open enums, are exported by `@postline/sdk/schemas`.
export type {
  AboutYou,
  AgentKey,
  AiIsmMatch,
  AiIsmStats,
  BrandProfile,
  Channel,
  ChannelBalance,
  ChannelRef,
  ContentItem,
  ContentPage,
  ContentSource,
  ContentStatus,
  CreatedAgentKey,
  CreatedBy,
  ErrorBody,
  ErrorEnvelope,
  GenerationResult,
  GenerationWarning,
  KeyScope,
  Pipeline,
  Platform,
  ScheduleConfig,
  ScheduleResponse,
  ScheduleSlot,
  StandingRule,
  Stats,
  Usage,
  VoiceConfidence,
  VoiceFacts,
  VoiceSettings,
} from "./schemas/index.js";
export { VERSION } from "./version.js";
