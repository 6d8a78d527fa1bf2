import { ErrorEnvelopeSchema } from "../../schemas/index.js";
import { jsonOrText } from "../json-or-text.js";
import { type Redactor, redactDeep, redactHeaders } from "../redact.js";
import type { BodyRead } from "../transport/read-body.js";
import type { APIError } from "./api-error.js";
import { errorClassFor } from "./codes.js";

/** The code given to an error body that is not the JSON envelope (HTML, empty, truncated). */
export const UNEXPECTED_RESPONSE = "unexpected_response";

/** An error response as the transport read it. */
export interface ErrorResponseFacts {
  /** The HTTP status (0 for a browser's opaque redirect). */
  readonly status: number;
  readonly headers: Headers;
  /** The body as read, within the SDK's cap for error bodies. */
  readonly body: BodyRead;
  readonly method: string;
  /** The request URL, already redacted. */
  readonly url: string;
  readonly callId?: string | undefined;
}

/** An error body as read: its code and message, and the body as parsed. */
export interface ParsedErrorBody {
  readonly code: string;
  readonly message: string;
  readonly body: unknown;
  readonly acknowledgmentRequired: boolean;
}

/**
 * Reads an error response once: the envelope's code and message, or `unexpected_response` with a
 * description of what came instead (a redirect, a body over the cap, a body that is not the
 * envelope).
 */
export function parseErrorBody(facts: ErrorResponseFacts): ParsedErrorBody {
  const { status, body } = facts;
  if ((status >= 300 && status < 400) || status === 0) return redirectBody(facts);
  if (body.overCap !== undefined) {
    return unexpected(
      `The service answered ${status} with a body over the SDK's cap of ${body.overCap} bytes ` +
        "for error bodies; the rest was not read",
    );
  }
  const read = jsonOrText(body.text);
  const envelope = read.isJson ? parsedEnvelope(read.value) : undefined;
  if (envelope) return envelope;
  const what =
    read.value === undefined ? "an empty body" : "a body that is not the JSON error envelope";
  const excerpt = body.text.trim().slice(0, 200);
  return unexpected(
    `The service answered ${status} with ${what}${excerpt ? `: ${excerpt}` : ""}`,
    read.value,
  );
}

/** `value` read as the error envelope (api-v1.md §1), or `undefined` when it is not one. */
export function parsedEnvelope(value: unknown): ParsedErrorBody | undefined {
  const envelope = ErrorEnvelopeSchema.safeParse(value);
  if (!envelope.success) return undefined;
  const { code, message, acknowledgmentRequired } = envelope.data.error;
  return { code, message, body: value, acknowledgmentRequired: acknowledgmentRequired === true };
}

// The API never redirects; a 3xx comes from something in between (a proxy, a wrong baseURL).
function redirectBody({ status, headers, method, url }: ErrorResponseFacts): ParsedErrorBody {
  const location = headers.get("location");
  const answered = status === 0 ? "a redirect" : `${status}`;
  return unexpected(
    `The service answered ${method} ${url} with ${answered}` +
      `${location ? ` to ${location}` : ""}. The API never redirects and the SDK follows no ` +
      "redirect, so nothing was sent there: check baseURL and any proxy in between",
  );
}

function unexpected(message: string, body?: unknown): ParsedErrorBody {
  return { code: UNEXPECTED_RESPONSE, message, body, acknowledgmentRequired: false };
}

/**
 * Builds the `APIError` subclass for an error response that {@link parseErrorBody} read, with
 * `retryable` as the retry policy decided it. Message, headers and body are redacted here, once.
 */
export function errorFromResponse(
  facts: ErrorResponseFacts,
  parsed: ParsedErrorBody,
  { retryable, redact }: { readonly retryable: boolean; readonly redact: Redactor },
): APIError {
  const ErrorClass = errorClassFor(parsed.code, facts.status, {
    acknowledgmentRequired: parsed.acknowledgmentRequired,
  });
  return new ErrorClass({
    status: facts.status,
    code: parsed.code,
    message: redact(parsed.message),
    headers: redactHeaders(facts.headers, redact),
    body: redactDeep(parsed.body, redact),
    method: facts.method,
    url: facts.url,
    retryable,
    callId: facts.callId,
  });
}
