// Public exports of @postline/sdk. No logic lives here.

export type { PostlineOptions } from "./client.js";
export { Postline } from "./client.js";
export type { PostlineEnvironment } from "./core/environment.js";
export {
  AmbiguousCreateError,
  type AmbiguousCreateErrorInit,
  type AmbiguousCreateOutcome,
} from "./core/errors/ambiguous-create-error.js";
export type { APIErrorInit } from "./core/errors/api-error.js";
export { APIError } from "./core/errors/api-error.js";
export {
  AcknowledgmentRequiredError,
  AuthenticationError,
  BadRequestError,
  CannotRevokeSelfError,
  CapacityUnknownError,
  ConflictError,
  ForbiddenError,
  GenerationLimitError,
  InternalServerError,
  InvalidApiKeyError,
  InvalidStatusTransitionError,
  MissingAuthorizationError,
  MissingInputError,
  NotFoundError,
  PaymentRequiredError,
  PermissionDeniedError,
  PublishedImmutableError,
  PublishFailedError,
  RateLimitError,
  ScopeRequiredError,
  ServerError,
  SubscriptionInactiveError,
  TransitionFailedError,
  UnknownToolError,
  ValidationError,
  WorkspaceNotFoundError,
  WorkspaceSuspendedError,
  XUrlCreditRequiredError,
} from "./core/errors/classes.js";
export {
  ERROR_CODES,
  type ErrorCode,
  type ErrorCodeClassName,
  STATUS_CLASSES,
} from "./core/errors/codes.js";
export {
  APIConnectionError,
  type APIConnectionErrorInit,
  APITimeoutError,
  APIUserAbortError,
} from "./core/errors/connection-errors.js";
export { UNEXPECTED_RESPONSE } from "./core/errors/from-response.js";
export { isRetryable } from "./core/errors/is-retryable.js";
export {
  InvalidRequestError,
  PaginationError,
  PlannedTimePassed,
  ResponseValidationError,
} from "./core/errors/local-errors.js";
export { PostlineError } from "./core/errors/postline-error.js";
export type {
  ClientHooks,
  RequestEvent,
  RequestEventBase,
  ResponseEvent,
  RetryEvent,
} from "./core/hooks.js";
export type { Logger, LogLevel } from "./core/logger.js";
export type { Page } from "./core/pagination.js";
export { Paginated } from "./core/pagination.js";
export {
  CLOCK_SKEW_ALLOWANCE_MS,
  type CreateReconciliation,
  type WithReconciliation,
} from "./core/reconcile.js";
export type { RequestOptions } from "./core/request-options.js";
export type { BrandResource } from "./resources/brand.js";
export type { ChannelListParams, ChannelsResource } from "./resources/channels.js";
export type {
  ApproveParams,
  ContentListParams,
  ContentResource,
  ContentUpdateParams,
  CreateDraftParams,
  CreateRequestOptions,
  GenerateParams,
  RejectParams,
  ScheduleParams,
} from "./resources/content.js";
export type { KeyCreateParams, KeysResource } from "./resources/keys.js";
export type { ScheduleResource } from "./resources/schedule.js";
export type { StatsParams, StatsResource } from "./resources/stats.js";
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
// Schemas: one per resource record and per response body. Their parts (a brand's
// `voiceConfidence`, a stats `usage`, ...) are reachable through `.shape`; every type is exported.
export {
  AgentKeySchema,
  BrandProfileSchema,
  BrandResponseSchema,
  ChannelListResponseSchema,
  ChannelRefSchema,
  ChannelSchema,
  CONTENT_SOURCES,
  CONTENT_STATUSES,
  ContentItemSchema,
  ContentPageSchema,
  ContentSourceSchema,
  ContentStatusSchema,
  CreateContentResponseSchema,
  CreatedAgentKeySchema,
  ErrorEnvelopeSchema,
  ItemEnvelopeSchema,
  KEY_SCOPES,
  KeyListResponseSchema,
  KeyScopeSchema,
  openEnum,
  PLATFORMS,
  PlatformSchema,
  ScheduleContentResponseSchema,
  ScheduleResponseSchema,
  StatsSchema,
} from "./schemas/index.js";
export { VERSION } from "./version.js";
