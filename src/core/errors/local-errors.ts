import type { z } from "zod";
import type { ContentItem } from "../../schemas/index.js";
import { nameClass, PostlineError } from "./postline-error.js";

/**
 * A request the SDK refused before sending anything (it spends no rate-limit budget), because
 * the service would refuse it too. `param` names the offending parameter.
 *
 * @example
 * ```ts
 * await client.content.list({ limit: 500 }); // InvalidRequestError, param "limit"
 * ```
 */
export class InvalidRequestError extends PostlineError {
  /** The parameter at fault, e.g. `limit` or `channelIds`. */
  readonly param: string;

  constructor(param: string, message: string) {
    super(message);
    this.param = param;
  }
}
nameClass(InvalidRequestError, "InvalidRequestError");

/**
 * Following the list would never end: the service returned a cursor it had already returned, or
 * page after page with no items, each with a new cursor (docs/pagination.md).
 */
export class PaginationError extends PostlineError {
  /** The cursor that came back a second time, or the last cursor of the empty pages. */
  readonly cursor: string;

  constructor(
    cursor: string,
    message = `The service returned cursor "${cursor}" a second time; stopping instead of looping`,
  ) {
    super(message);
    this.cursor = cursor;
  }
}
nameClass(PaginationError, "PaginationError");

/** What a {@link ResponseValidationError} is built from: its fields, as the class documents them. */
interface ResponseValidationErrorInit
  extends Pick<ResponseValidationError, "issues" | "body" | "method" | "url">,
    Partial<Pick<ResponseValidationError, "callId">> {}

/**
 * A 2xx response whose body does not match its schema. `issues` says what differs and `body` is
 * the body as received. Pass `validateResponses: false` to take bodies unchecked.
 */
export class ResponseValidationError extends PostlineError {
  /** What differs from the schema (zod issues, with paths into the body). */
  readonly issues: z.core.$ZodIssue[];
  /** The body as received. */
  readonly body: unknown;
  /** The request method. */
  readonly method: string;
  /** The request URL (never holds a secret). */
  readonly url: string;
  /**
   * The id of the SDK call whose response this is, as its hook events and log lines carry it
   * (docs/observability.md). `undefined` only for an error built by hand.
   */
  readonly callId: string | undefined;

  constructor(init: ResponseValidationErrorInit) {
    const first = init.issues[0];
    const where = first ? ` at ${first.path.join(".") || "(root)"}: ${first.message}` : "";
    super(
      `The response to ${init.method} ${init.url} does not match its schema${where}` +
        (init.issues.length > 1 ? ` (and ${init.issues.length - 1} more)` : ""),
    );
    this.issues = init.issues;
    this.body = init.body;
    this.method = init.method;
    this.url = init.url;
    this.callId = init.callId;
  }
}
nameClass(ResponseValidationError, "ResponseValidationError");

/** What the SDK found wrong with a body itself, where no schema was run. */
export interface BodyProblem extends Omit<ResponseValidationErrorInit, "issues"> {
  /** What is wrong, in words. */
  readonly message: string;
  /** Where in the body; the root when omitted. */
  readonly path?: PropertyKey[];
  /** The offending value, scrubbed of the token. */
  readonly input?: unknown;
}

/**
 * A {@link ResponseValidationError} with one issue of the SDK's own (a body that is not JSON, too
 * large, or of the wrong length), shaped as zod's `custom` issues are.
 */
export function bodyProblemError(problem: BodyProblem): ResponseValidationError {
  const { message, path = [], input, ...response } = problem;
  return new ResponseValidationError({
    ...response,
    issues: [{ code: "custom", message, path, input }],
  });
}

/**
 * The approval was saved, but the plan's time for the item has already passed, so nothing was
 * queued (api-v1.md §4 PATCH rule 4). The approval stands; `item` is the saved item. Call
 * `client.content.schedule(item.id, { scheduledAt })` or `{ publishNow: true }` to queue it.
 */
export class PlannedTimePassedError extends PostlineError {
  /** The item as saved (already approved). */
  readonly item: ContentItem;

  constructor(item: ContentItem) {
    super(
      `Item ${item.id} is approved, but its planned time has passed, so nothing was queued: ` +
        "call content.schedule(id) with { scheduledAt } in the future, or { publishNow: true }",
    );
    this.item = item;
  }
}
nameClass(PlannedTimePassedError, "PlannedTimePassedError");

/**
 * {@link PlannedTimePassedError}, by the name 0.1.0 gave it: the same class, so `instanceof`
 * either name matches. Its `name` is now `"PlannedTimePassedError"`.
 *
 * @deprecated Use {@link PlannedTimePassedError}.
 */
export const PlannedTimePassed = PlannedTimePassedError;
/**
 * {@link PlannedTimePassedError}, by the name 0.1.0 gave it.
 *
 * @deprecated Use {@link PlannedTimePassedError}.
 */
export type PlannedTimePassed = PlannedTimePassedError;
