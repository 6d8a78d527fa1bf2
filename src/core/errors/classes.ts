/**
 * The status and code classes of docs/errors.md, derived from the table in `codes.ts`: one class
 * per status class and per code row, each code class extending the status class of its status.
 * Adding a row to the table adds its class here, with its type.
 */
import { APIError, type APIErrorInit } from "./api-error.js";
import {
  ERROR_CODES,
  type ErrorCodeClassName,
  STATUS_CLASSES,
  type StatusClassName,
  type StatusClassOf,
  statusClassOf,
} from "./codes.js";
import { EXTRA_FIELD_READERS, type ExtraFields } from "./extra-fields.js";
import { nameClass } from "./postline-error.js";

/** Every derived class name: status classes and code classes. */
export type DerivedErrorClassName = StatusClassName | ErrorCodeClassName;

type ParentName<N extends DerivedErrorClassName> = N extends StatusClassName
  ? "APIError"
  : N extends ErrorCodeClassName
    ? StatusClassOf<(typeof ERROR_CODES)[N]["status"]>
    : never;

// A status class narrows `status` (except ServerError, which covers every 5xx); a pure code
// class narrows `code` (a class that is also a status class keeps any code of its status).
type OwnStatus<N> = N extends StatusClassName
  ? (typeof STATUS_CLASSES)[N] extends 500
    ? unknown
    : { readonly status: (typeof STATUS_CLASSES)[N] }
  : unknown;
type OwnCode<N> = N extends StatusClassName
  ? unknown
  : N extends ErrorCodeClassName
    ? { readonly code: (typeof ERROR_CODES)[N]["code"] }
    : unknown;
type OwnExtras<N> = N extends keyof ExtraFields ? ExtraFields[N] : unknown;

/** The instance type of a derived class: its parent's, plus what the class adds. */
export type DerivedErrorInstance<N extends DerivedErrorClassName | "APIError"> =
  N extends "APIError"
    ? APIError
    : N extends DerivedErrorClassName
      ? DerivedErrorInstance<ParentName<N>> & OwnStatus<N> & OwnCode<N> & OwnExtras<N>
      : never;

/** The constructor of a derived class. */
export interface DerivedErrorClass<N extends DerivedErrorClassName> {
  new (init: APIErrorInit): DerivedErrorInstance<N>;
  readonly prototype: DerivedErrorInstance<N>;
}

type DerivedErrorClasses = { readonly [N in DerivedErrorClassName]: DerivedErrorClass<N> };
type AnyErrorClass = new (init: APIErrorInit) => APIError;

function parentNameOf(name: DerivedErrorClassName): DerivedErrorClassName | "APIError" {
  if (name in STATUS_CLASSES) return "APIError";
  const { status } = ERROR_CODES[name as ErrorCodeClassName];
  return (status !== null && statusClassOf(status)) || "APIError";
}

function deriveErrorClasses(): DerivedErrorClasses {
  const built = new Map<string, AnyErrorClass>([["APIError", APIError]]);
  const build = (name: DerivedErrorClassName | "APIError"): AnyErrorClass => {
    const existing = built.get(name);
    if (existing) return existing;
    const Parent = build(parentNameOf(name as DerivedErrorClassName));
    const readExtras = (EXTRA_FIELD_READERS as Record<string, (init: APIErrorInit) => object>)[
      name
    ];
    const Derived = class extends Parent {
      constructor(init: APIErrorInit) {
        super(init);
        if (readExtras) Object.assign(this, readExtras(init));
      }
    };
    nameClass(Derived, name);
    built.set(name, Derived);
    return Derived;
  };
  const names = [
    ...Object.keys(STATUS_CLASSES),
    ...Object.keys(ERROR_CODES),
  ] as DerivedErrorClassName[];
  return Object.fromEntries(
    names.map((name) => [name, build(name)]),
  ) as unknown as DerivedErrorClasses;
}

/** Every derived class by name (for lookups by name; import the named classes otherwise). */
export const ERROR_CLASSES: DerivedErrorClasses = deriveErrorClasses();

// ---- status classes (docs/errors.md) ----

/** 400: the request was refused as invalid. */
export const BadRequestError = ERROR_CLASSES.BadRequestError;
export type BadRequestError = DerivedErrorInstance<"BadRequestError">;
/** 401: no usable credential. */
export const AuthenticationError = ERROR_CLASSES.AuthenticationError;
export type AuthenticationError = DerivedErrorInstance<"AuthenticationError">;
/** 402: the workspace's subscription or credits do not cover the call. */
export const PaymentRequiredError = ERROR_CLASSES.PaymentRequiredError;
export type PaymentRequiredError = DerivedErrorInstance<"PaymentRequiredError">;
/** 403: the key or its owner may not do this. */
export const PermissionDeniedError = ERROR_CLASSES.PermissionDeniedError;
export type PermissionDeniedError = DerivedErrorInstance<"PermissionDeniedError">;
/** 404 (`not_found`): no such resource in this workspace, including other workspaces' resources. */
export const NotFoundError = ERROR_CLASSES.NotFoundError;
export type NotFoundError = DerivedErrorInstance<"NotFoundError">;
/** 409: the request conflicts with the item's state. */
export const ConflictError = ERROR_CLASSES.ConflictError;
export type ConflictError = DerivedErrorInstance<"ConflictError">;
/**
 * 429 (`rate_limited`): too many requests for this key. Carries `retryAfterSeconds`, `limit`,
 * `remaining` and `resetAt` from the response headers.
 */
export const RateLimitError = ERROR_CLASSES.RateLimitError;
export type RateLimitError = DerivedErrorInstance<"RateLimitError">;
/** Any 5xx: the service failed. */
export const ServerError = ERROR_CLASSES.ServerError;
export type ServerError = DerivedErrorInstance<"ServerError">;

// ---- code classes ----

/** 401 `missing_authorization`: no Authorization header was sent. */
export const MissingAuthorizationError = ERROR_CLASSES.MissingAuthorizationError;
export type MissingAuthorizationError = DerivedErrorInstance<"MissingAuthorizationError">;
/** 401 `invalid_api_key`: the token is malformed, unknown, revoked, or of the wrong environment. */
export const InvalidApiKeyError = ERROR_CLASSES.InvalidApiKeyError;
export type InvalidApiKeyError = DerivedErrorInstance<"InvalidApiKeyError">;
/** 402 `subscription_inactive`: the workspace's subscription expired. */
export const SubscriptionInactiveError = ERROR_CLASSES.SubscriptionInactiveError;
export type SubscriptionInactiveError = DerivedErrorInstance<"SubscriptionInactiveError">;
/** 402 `x_url_credit_required`: scheduling an `x` post with a link needs URL credits. */
export const XUrlCreditRequiredError = ERROR_CLASSES.XUrlCreditRequiredError;
export type XUrlCreditRequiredError = DerivedErrorInstance<"XUrlCreditRequiredError">;
/** 403 `forbidden`: the key owner's workspace role is below the route's requirement. */
export const ForbiddenError = ERROR_CLASSES.ForbiddenError;
export type ForbiddenError = DerivedErrorInstance<"ForbiddenError">;
/** 403 `scope_required`: the key's scopes do not cover the route; `requiredScope` names it. */
export const ScopeRequiredError = ERROR_CLASSES.ScopeRequiredError;
export type ScopeRequiredError = DerivedErrorInstance<"ScopeRequiredError">;
/** 403 `generation_limit`: the monthly generation quota ran out before anything was created. */
export const GenerationLimitError = ERROR_CLASSES.GenerationLimitError;
export type GenerationLimitError = DerivedErrorInstance<"GenerationLimitError">;
/** 403 `workspace_suspended`: the workspace is suspended. */
export const WorkspaceSuspendedError = ERROR_CLASSES.WorkspaceSuspendedError;
export type WorkspaceSuspendedError = DerivedErrorInstance<"WorkspaceSuspendedError">;
/** 404 `workspace_not_found`: the workspace behind the key is gone. */
export const WorkspaceNotFoundError = ERROR_CLASSES.WorkspaceNotFoundError;
export type WorkspaceNotFoundError = DerivedErrorInstance<"WorkspaceNotFoundError">;
/** 409 `published_immutable`: a published item cannot be edited or deleted. */
export const PublishedImmutableError = ERROR_CLASSES.PublishedImmutableError;
export type PublishedImmutableError = DerivedErrorInstance<"PublishedImmutableError">;
/**
 * 409 `validation_error` with `acknowledgmentRequired`: the text matches AI-ism patterns.
 * `aiIsmMatches` lists them; retry with `acknowledgeAiIsms: true`, or rewrite the text.
 */
export const AcknowledgmentRequiredError = ERROR_CLASSES.AcknowledgmentRequiredError;
export type AcknowledgmentRequiredError = DerivedErrorInstance<"AcknowledgmentRequiredError">;
/** 400 `validation_error`: bad input; `channels` lists the choices when no channel was named. */
export const ValidationError = ERROR_CLASSES.ValidationError;
export type ValidationError = DerivedErrorInstance<"ValidationError">;
/** 400 `missing_input`: `POST /content` needs exactly one of `body` or `prompt`. */
export const MissingInputError = ERROR_CLASSES.MissingInputError;
export type MissingInputError = DerivedErrorInstance<"MissingInputError">;
/** 400 `invalid_status_transition`: the lifecycle move is not allowed. */
export const InvalidStatusTransitionError = ERROR_CLASSES.InvalidStatusTransitionError;
export type InvalidStatusTransitionError = DerivedErrorInstance<"InvalidStatusTransitionError">;
/** 400 `cannot_revoke_self_in_request`: a token cannot revoke itself. */
export const CannotRevokeSelfError = ERROR_CLASSES.CannotRevokeSelfError;
export type CannotRevokeSelfError = DerivedErrorInstance<"CannotRevokeSelfError">;
/** `unknown_tool`: no tool of that name (tool protocol only). */
export const UnknownToolError = ERROR_CLASSES.UnknownToolError;
export type UnknownToolError = DerivedErrorInstance<"UnknownToolError">;
/** 500 `internal_error`: a server fault. */
export const InternalServerError = ERROR_CLASSES.InternalServerError;
export type InternalServerError = DerivedErrorInstance<"InternalServerError">;
/** 500 `transition_failed`: accepted but not completed; re-read the item. Never retried. */
export const TransitionFailedError = ERROR_CLASSES.TransitionFailedError;
export type TransitionFailedError = DerivedErrorInstance<"TransitionFailedError">;
/** 502 `publish_failed`: the publishing provider rejected the schedule; the item is `failed`. */
export const PublishFailedError = ERROR_CLASSES.PublishFailedError;
export type PublishFailedError = DerivedErrorInstance<"PublishFailedError">;
/** 503 `capacity_unknown`: the cap could not be read; not a quota refusal. Retried. */
export const CapacityUnknownError = ERROR_CLASSES.CapacityUnknownError;
export type CapacityUnknownError = DerivedErrorInstance<"CapacityUnknownError">;
