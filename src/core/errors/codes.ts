/**
 * THE table of the service's error codes (api-v1.md §7): each code's status and the class it is
 * thrown as. It is a lookup: the classes are written out in the files beside it, and
 * test/unit/error-classes.test.ts checks them against this table.
 */
import { APIError } from "./api-error.js";
import {
  AuthenticationError,
  InvalidApiKeyError,
  MissingAuthorizationError,
} from "./authentication.js";
import {
  BadRequestError,
  CannotRevokeSelfError,
  InvalidStatusTransitionError,
  MissingInputError,
  ValidationError,
} from "./bad-request.js";
import { AcknowledgmentRequiredError, ConflictError, PublishedImmutableError } from "./conflict.js";
import { NotFoundError, WorkspaceNotFoundError } from "./not-found.js";
import {
  PaymentRequiredError,
  SubscriptionInactiveError,
  XUrlCreditRequiredError,
} from "./payment.js";
import {
  ForbiddenError,
  GenerationLimitError,
  PermissionDeniedError,
  ScopeRequiredError,
  WorkspaceSuspendedError,
} from "./permission.js";
import { RateLimitError } from "./rate-limit.js";
import {
  CapacityUnknownError,
  InternalServerError,
  PublishFailedError,
  ServerError,
  TransitionFailedError,
} from "./server.js";
import { UnknownToolError } from "./unknown-tool.js";

/** A class the table can name: built from one error response. */
export type APIErrorClass = new (init: ConstructorParameters<typeof APIError>[0]) => APIError;

/**
 * The status classes, keyed by class name: every code class extends the one of its status.
 * `ServerError` stands for any 5xx.
 */
export const STATUS_CLASSES = {
  BadRequestError: { status: 400, errorClass: BadRequestError },
  AuthenticationError: { status: 401, errorClass: AuthenticationError },
  PaymentRequiredError: { status: 402, errorClass: PaymentRequiredError },
  PermissionDeniedError: { status: 403, errorClass: PermissionDeniedError },
  NotFoundError: { status: 404, errorClass: NotFoundError },
  ConflictError: { status: 409, errorClass: ConflictError },
  RateLimitError: { status: 429, errorClass: RateLimitError },
  ServerError: { status: 500, errorClass: ServerError },
} as const satisfies Record<string, { status: number; errorClass: APIErrorClass }>;

export type StatusClassName = keyof typeof STATUS_CLASSES;

/** The status class a status belongs to: its own, `ServerError` for any 5xx, else none. */
export function statusClassOf(status: number): StatusClassName | undefined {
  if (status >= 500) return "ServerError";
  return (Object.keys(STATUS_CLASSES) as StatusClassName[]).find(
    (name) => STATUS_CLASSES[name].status === status,
  );
}

export interface ErrorCodeSpec {
  readonly code: string;
  /** The HTTP status the service answers with; `null` where the contract does not show it. */
  readonly status: number | null;
  /** Set on rows that share a code with another row and are told apart by an envelope flag. */
  readonly flag?: "acknowledgmentRequired";
  /** The class a response with this code and status is thrown as. */
  readonly errorClass: APIErrorClass;
}

/** One row of {@link ERROR_CODE_TABLE}: a code, the status it is served with, its class. */
function row<
  const Code extends string,
  const Status extends number | null,
  Class extends APIErrorClass,
>(code: Code, status: Status, errorClass: Class) {
  return { code, status, errorClass } as const;
}

/**
 * Code classes keyed by class name. Each class extends the status class of its status
 * (`ServerError` for any 5xx; `APIError` where the status is not shown). A row whose class is
 * also a status class (`NotFoundError`, `RateLimitError`) is that status class itself.
 */
export const ERROR_CODE_TABLE = {
  MissingAuthorizationError: row("missing_authorization", 401, MissingAuthorizationError),
  InvalidApiKeyError: row("invalid_api_key", 401, InvalidApiKeyError),
  SubscriptionInactiveError: row("subscription_inactive", 402, SubscriptionInactiveError),
  XUrlCreditRequiredError: row("x_url_credit_required", 402, XUrlCreditRequiredError),
  ForbiddenError: row("forbidden", 403, ForbiddenError),
  ScopeRequiredError: row("scope_required", 403, ScopeRequiredError),
  GenerationLimitError: row("generation_limit", 403, GenerationLimitError),
  WorkspaceSuspendedError: row("workspace_suspended", 403, WorkspaceSuspendedError),
  NotFoundError: row("not_found", 404, NotFoundError),
  WorkspaceNotFoundError: row("workspace_not_found", 404, WorkspaceNotFoundError),
  PublishedImmutableError: row("published_immutable", 409, PublishedImmutableError),
  AcknowledgmentRequiredError: {
    code: "validation_error",
    status: 409,
    flag: "acknowledgmentRequired",
    errorClass: AcknowledgmentRequiredError,
  },
  ValidationError: row("validation_error", 400, ValidationError),
  MissingInputError: row("missing_input", 400, MissingInputError),
  InvalidStatusTransitionError: row("invalid_status_transition", 400, InvalidStatusTransitionError),
  CannotRevokeSelfError: row("cannot_revoke_self_in_request", 400, CannotRevokeSelfError),
  RateLimitError: row("rate_limited", 429, RateLimitError),
  UnknownToolError: row("unknown_tool", null, UnknownToolError),
  InternalServerError: row("internal_error", 500, InternalServerError),
  TransitionFailedError: row("transition_failed", 500, TransitionFailedError),
  PublishFailedError: row("publish_failed", 502, PublishFailedError),
  CapacityUnknownError: row("capacity_unknown", 503, CapacityUnknownError),
} as const satisfies Record<string, ErrorCodeSpec>;

/** The name of an error class the table maps a code to, e.g. `"ScopeRequiredError"`. */
export type ErrorCodeClassName = keyof typeof ERROR_CODE_TABLE;

/**
 * A code the contract names (api-v1.md §7), as the error envelope's `error.code` carries it.
 * @useDeclaredType
 */
export type ErrorCode = (typeof ERROR_CODE_TABLE)[keyof typeof ERROR_CODE_TABLE]["code"];

const ROWS: readonly ErrorCodeSpec[] = Object.values(ERROR_CODE_TABLE);

/**
 * Every code the contract names, once each (api-v1.md §7). The service may add codes: an error
 * with a code not listed here is still thrown as the class of its status.
 */
export const ERROR_CODES: readonly ErrorCode[] = Object.freeze([
  ...new Set(ROWS.map((spec) => spec.code as ErrorCode)),
]);

/** The status the service answers a code with (the first row for shared codes). */
export function statusOfCode(code: ErrorCode, flags: { acknowledgmentRequired?: boolean } = {}) {
  const acknowledgmentRequired = flags.acknowledgmentRequired === true;
  const row = ROWS.find(
    (spec) =>
      spec.code === code && (spec.flag === "acknowledgmentRequired") === acknowledgmentRequired,
  );
  return row === undefined ? null : row.status;
}

/**
 * The class of an error response: the row matching (code, status, flag); an unknown code, or a
 * known one served with another status, takes the class of its status, else `APIError`.
 */
export function errorClassFor(
  code: string,
  status: number,
  flags: { readonly acknowledgmentRequired?: boolean } = {},
): APIErrorClass {
  const acknowledgmentRequired = flags.acknowledgmentRequired === true;
  const rows = ROWS.filter((spec) => spec.code === code);
  const row =
    rows.find(
      (spec) =>
        spec.status === status &&
        (spec.flag === "acknowledgmentRequired") === acknowledgmentRequired,
    ) ??
    rows.find((spec) => spec.status === status) ??
    rows.find((spec) => spec.status === null);
  if (row) return row.errorClass;
  const statusClass = statusClassOf(status);
  return statusClass ? STATUS_CLASSES[statusClass].errorClass : APIError;
}
