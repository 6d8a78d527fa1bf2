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

/** The status class a status belongs to: its own, `ServerError` for any 5xx, else none. */
export function statusClassOf(status: number): StatusClassName | undefined {
  if (status >= 500) return "ServerError";
  return (Object.keys(STATUS_CLASSES) as StatusClassName[]).find(
    (name) => STATUS_CLASSES[name] === status,
  );
}

/** {@link statusClassOf} for the statuses of the table, at the type level. */
export type StatusClassOf<S> = S extends number
  ? [ExactStatusClass<S>] extends [never]
    ? "ServerError"
    : ExactStatusClass<S>
  : "APIError";
type ExactStatusClass<S> = {
  [N in StatusClassName]: (typeof STATUS_CLASSES)[N] extends S ? N : never;
}[StatusClassName];

/** One row of the code table. */
export interface ErrorCodeSpec {
  /** The envelope's `error.code`. */
  readonly code: string;
  /** The HTTP status the service answers with; `null` where the contract does not show it. */
  readonly status: number | null;
  /** Set on rows that share a code with another row and are told apart by an envelope flag. */
  readonly flag?: "acknowledgmentRequired";
}

/**
 * Code classes keyed by class name. Each extends the status class of its status (`ServerError`
 * for any 5xx; `APIError` where the status is not shown). A row whose class name is also a status
 * class (`NotFoundError`, `RateLimitError`) is that status class itself, specialised by its code.
 */
export const ERROR_CODES = {
  MissingAuthorizationError: { code: "missing_authorization", status: 401 },
  InvalidApiKeyError: { code: "invalid_api_key", status: 401 },
  SubscriptionInactiveError: { code: "subscription_inactive", status: 402 },
  XUrlCreditRequiredError: { code: "x_url_credit_required", status: 402 },
  ForbiddenError: { code: "forbidden", status: 403 },
  ScopeRequiredError: { code: "scope_required", status: 403 },
  GenerationLimitError: { code: "generation_limit", status: 403 },
  WorkspaceSuspendedError: { code: "workspace_suspended", status: 403 },
  NotFoundError: { code: "not_found", status: 404 },
  WorkspaceNotFoundError: { code: "workspace_not_found", status: 404 },
  PublishedImmutableError: { code: "published_immutable", status: 409 },
  AcknowledgmentRequiredError: {
    code: "validation_error",
    status: 409,
    flag: "acknowledgmentRequired",
  },
  ValidationError: { code: "validation_error", status: 400 },
  MissingInputError: { code: "missing_input", status: 400 },
  InvalidStatusTransitionError: { code: "invalid_status_transition", status: 400 },
  CannotRevokeSelfError: { code: "cannot_revoke_self_in_request", status: 400 },
  RateLimitError: { code: "rate_limited", status: 429 },
  UnknownToolError: { code: "unknown_tool", status: null },
  InternalServerError: { code: "internal_error", status: 500 },
  TransitionFailedError: { code: "transition_failed", status: 500 },
  PublishFailedError: { code: "publish_failed", status: 502 },
  CapacityUnknownError: { code: "capacity_unknown", status: 503 },
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
