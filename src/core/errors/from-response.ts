import { ErrorEnvelopeSchema } from "../../schemas/index.js";
import { type Redactor, redactDeep, redactHeaders } from "../redact.js";
import { APIError } from "./api-error.js";
import { type DerivedErrorClassName, ERROR_CLASSES } from "./classes.js";
import { ERROR_CODES, type ErrorCodeSpec, statusClassOf } from "./codes.js";

/** The code given to an error body that is not the JSON envelope (HTML, empty, truncated). */
export const UNEXPECTED_RESPONSE = "unexpected_response";

/** An error response, as read by the transport. */
export interface ErrorResponseFacts {
  readonly status: number;
  readonly headers: Headers;
  /** The body's text ("" when empty). */
  readonly text: string;
  readonly method: string;
  readonly url: string;
  /** Whether the failure is retried for this method, decided from the code it carries. */
  readonly retryable: boolean | ((code: string) => boolean);
}

/** An error body as read: its code and message, and the body as parsed. */
export interface ParsedErrorBody {
  readonly code: string;
  readonly message: string;
  readonly body: unknown;
  readonly acknowledgmentRequired: boolean;
}

/**
 * Reads an error body: the envelope's code and message, or `unexpected_response` with a short
 * description when the body is not an envelope.
 */
export function parseErrorBody(status: number, text: string): ParsedErrorBody {
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const envelope = ErrorEnvelopeSchema.safeParse(json);
  if (envelope.success) {
    const { code, message } = envelope.data.error;
    const acknowledgmentRequired = envelope.data.error.acknowledgmentRequired === true;
    return { code, message, body: json, acknowledgmentRequired };
  }
  const what = text.trim() === "" ? "an empty body" : "a body that is not the JSON error envelope";
  const excerpt = text.trim().slice(0, 200);
  return {
    code: UNEXPECTED_RESPONSE,
    message: `The service answered ${status} with ${what}${excerpt ? `: ${excerpt}` : ""}`,
    body: json ?? (text === "" ? undefined : text),
    acknowledgmentRequired: false,
  };
}

/**
 * The error class for a response: the row of `codes.ts` matching (code, status, flag); an
 * unknown code, or a known one served with another status, takes the class of its status.
 */
export function errorClassFor(
  code: string,
  status: number,
  acknowledgmentRequired: boolean,
): new (
  init: ConstructorParameters<typeof APIError>[0],
) => APIError {
  const rows = Object.entries(ERROR_CODES as Record<string, ErrorCodeSpec>).filter(
    ([, spec]) => spec.code === code,
  );
  const exact =
    rows.find(
      ([, s]) =>
        s.status === status && (s.flag === "acknowledgmentRequired") === acknowledgmentRequired,
    ) ??
    rows.find(([, s]) => s.status === status) ??
    rows.find(([, s]) => s.status === null);
  if (exact) return ERROR_CLASSES[exact[0] as DerivedErrorClassName];
  return statusClassFor(status);
}

function statusClassFor(status: number) {
  const name = statusClassOf(status);
  return name ? ERROR_CLASSES[name] : APIError;
}

/** Turns an error response into the matching `APIError` subclass, redacted. */
export function errorFromResponse(facts: ErrorResponseFacts, redact: Redactor): APIError {
  const parsed = parseErrorBody(facts.status, facts.text);
  const ErrorClass = errorClassFor(parsed.code, facts.status, parsed.acknowledgmentRequired);
  return new ErrorClass({
    status: facts.status,
    code: parsed.code,
    message: redact(parsed.message),
    headers: redactHeaders(facts.headers, redact),
    body: redactDeep(parsed.body, redact),
    method: facts.method,
    url: redact(facts.url),
    retryable:
      typeof facts.retryable === "function" ? facts.retryable(parsed.code) : facts.retryable,
  });
}
