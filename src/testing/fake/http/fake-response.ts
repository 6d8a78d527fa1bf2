import { type ErrorCode, statusOfCode } from "../../../core/errors/codes.js";

/** A transport-neutral answer of the fake: what both msw and node:http write out. */
export interface FakeResponse {
  /** Written out as is; a `204` goes with a `null` body. */
  status: number;
  /** Lower-case names; a JSON answer sets `content-type`, a `405` sets `allow`. */
  headers: Record<string, string>;
  /** The raw body; `null` for an empty body (204). */
  body: string | null;
}

/** What the fake does with a request: answer it, or fail the connection. */
export type FakeOutcome =
  | {
      /** An HTTP answer. */
      kind: "response";
      /** What to write out. */
      response: FakeResponse;
    }
  | {
      /** No answer: the connection fails. */
      kind: "network-error";
      /** `dropped` after the request was applied, or `refused` before it reached the service. */
      reason: "dropped" | "refused";
    };

/** Answers with a JSON body. */
export function jsonResponse(status: number, value: unknown): FakeResponse {
  return {
    status,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(value),
  };
}

/** 405 for a path that answers other methods, listed in `allow`. */
export function methodNotAllowed(message: string, allowed: readonly string[]): FakeResponse {
  const response = jsonResponse(405, { error: { code: "method_not_allowed", message } });
  response.headers.allow = allowed.join(", ");
  return response;
}

/** Answers 204 with no body. */
export function emptyResponse(): FakeResponse {
  return { status: 204, headers: {}, body: null };
}

/**
 * A refusal in the contract's envelope (api-v1.md §1 convention 3), served with the status the
 * code table gives; `extra` lands inside `error`, never beside it.
 */
export class ApiFailure extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiFailure";
    this.code = code;
    this.extra = extra;
    this.headers = headers;
    const status = statusOfCode(code, {
      acknowledgmentRequired: extra.acknowledgmentRequired === true,
    });
    if (status === null) throw new Error(`The contract gives no status for ${code}`);
    this.status = status;
  }

  toResponse(): FakeResponse {
    const response = jsonResponse(this.status, {
      error: { code: this.code, message: this.message, ...this.extra },
    });
    Object.assign(response.headers, this.headers);
    return response;
  }
}

/** 400 `validation_error` naming the parameter at fault. */
export function invalidParam(param: string, problem: string, extra: Record<string, unknown> = {}) {
  return new ApiFailure("validation_error", `Invalid \`${param}\`: ${problem}`, {
    param,
    ...extra,
  });
}
