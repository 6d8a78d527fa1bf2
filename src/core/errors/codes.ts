/**
 * THE table of the service's error codes (api-v1.md §7). Everything else — the error classes,
 * the status a code is served with, which codes are retryable — is derived from it.
 */

/** The status classes every code class extends, keyed by class name. */
export const STATUS_CLASSES = {
  BadRequestError: 400,
  AuthenticationError: 401,
  PaymentRequiredError: 402,
  PermissionDeniedError: 403,
  NotFoundError: 404,
  ConflictError: 409,
  RateLimitError: 429,
  ServerError: 500,
} as const;

export type StatusClassName = keyof typeof STATUS_CLASSES;

/** One row of the code table. */
export interface ErrorCodeSpec {
  /** The envelope's `error.code`. */
  readonly code: string;
  /** The HTTP status the service answers with; `null` where the contract does not show it. */
  readonly status: number | null;
  /** The class this row extends: a status class, or `APIError` itself. */
  readonly parent: StatusClassName | "APIError";
  /** Set on rows that share a code with another row and are told apart by an envelope flag. */
  readonly flag?: "acknowledgmentRequired";
}

/**
 * Code classes keyed by class name. A row whose class name is also a status class (`NotFoundError`,
 * `RateLimitError`) is that status class itself, specialised by its code.
 */
export const ERROR_CODES = {
  MissingAuthorizationError: {
    code: "missing_authorization",
    status: 401,
    parent: "AuthenticationError",
  },
  InvalidApiKeyError: { code: "invalid_api_key", status: 401, parent: "AuthenticationError" },
  SubscriptionInactiveError: {
    code: "subscription_inactive",
    status: 402,
    parent: "PaymentRequiredError",
  },
  XUrlCreditRequiredError: {
    code: "x_url_credit_required",
    status: 402,
    parent: "PaymentRequiredError",
  },
  ForbiddenError: { code: "forbidden", status: 403, parent: "PermissionDeniedError" },
  ScopeRequiredError: { code: "scope_required", status: 403, parent: "PermissionDeniedError" },
  GenerationLimitError: {
    code: "generation_limit",
    status: 403,
    parent: "PermissionDeniedError",
  },
  WorkspaceSuspendedError: {
    code: "workspace_suspended",
    status: 403,
    parent: "PermissionDeniedError",
  },
  NotFoundError: { code: "not_found", status: 404, parent: "APIError" },
  WorkspaceNotFoundError: { code: "workspace_not_found", status: 404, parent: "NotFoundError" },
  PublishedImmutableError: { code: "published_immutable", status: 409, parent: "ConflictError" },
  AcknowledgmentRequiredError: {
    code: "validation_error",
    status: 409,
    parent: "ConflictError",
    flag: "acknowledgmentRequired",
  },
  ValidationError: { code: "validation_error", status: 400, parent: "BadRequestError" },
  MissingInputError: { code: "missing_input", status: 400, parent: "BadRequestError" },
  InvalidStatusTransitionError: {
    code: "invalid_status_transition",
    status: 400,
    parent: "BadRequestError",
  },
  CannotRevokeSelfError: {
    code: "cannot_revoke_self_in_request",
    status: 400,
    parent: "BadRequestError",
  },
  RateLimitError: { code: "rate_limited", status: 429, parent: "APIError" },
  UnknownToolError: { code: "unknown_tool", status: null, parent: "APIError" },
  InternalServerError: { code: "internal_error", status: 500, parent: "ServerError" },
  TransitionFailedError: { code: "transition_failed", status: 500, parent: "ServerError" },
  PublishFailedError: { code: "publish_failed", status: 502, parent: "ServerError" },
  CapacityUnknownError: { code: "capacity_unknown", status: 503, parent: "ServerError" },
} as const satisfies Record<string, ErrorCodeSpec>;

/** The name of every class derived from a row of the code table. */
export type ErrorCodeClassName = keyof typeof ERROR_CODES;
/** Every code the contract names. */
export type ErrorCode = (typeof ERROR_CODES)[ErrorCodeClassName]["code"];

/** The status the service answers a code with (the first row for shared codes). */
export function statusOfCode(code: ErrorCode, flags: { acknowledgmentRequired?: boolean } = {}) {
  for (const spec of Object.values(ERROR_CODES) as ErrorCodeSpec[]) {
    if (spec.code !== code) continue;
    if ((spec.flag === "acknowledgmentRequired") !== (flags.acknowledgmentRequired === true))
      continue;
    return spec.status;
  }
  return null;
}
