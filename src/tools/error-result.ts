import { type APIError, envelopeDetail } from "../core/errors/api-error.js";
import type { PostlineError } from "../core/errors/postline-error.js";
import type { Redactor } from "../core/redact.js";
import { type ToolResult, toolError } from "./envelope.js";
import { toJsonSafe } from "./json-safe.js";
import { isSdkError } from "./sdk-error-guard.js";

const PLANNED_TIME_PASSED_HINT =
  "The approval was saved, but its planned time has already passed, so nothing was queued. " +
  "Call schedule_content with this id and either scheduledAt (a future time) or publishNow: true.";

// Writes are not resent by the SDK after an ambiguous failure (docs/retries.md): say so to the model.
const AMBIGUOUS_WRITE_DETAIL = {
  hint:
    "The request may or may not have reached the service. Before calling a create tool again, " +
    "call list_content to see whether the item was created; other tools can be called again.",
};

/**
 * Turns what an SDK call threw into a tool result. Service errors keep their envelope with every
 * extra field; a `PlannedTimePassedError` is a success carrying the saved item; local refusals and
 * transport failures get an envelope of their own. Only the caller's own abort, and errors that
 * are not the SDK's (bugs), are thrown on.
 */
export function resultOfError(error: unknown, redact?: Redactor): ToolResult {
  if (isSdkError(error, "PlannedTimePassedError")) {
    return toJsonSafe(
      { item: error.item, plannedTimePassed: true, hint: PLANNED_TIME_PASSED_HINT },
      redact,
    );
  }
  if (isSdkError(error, "APIError")) return toJsonSafe(envelopeOfAPIError(error), redact);
  if (isSdkError(error, "APIUserAbortError") || !isSdkError(error, "PostlineError")) throw error;
  return toJsonSafe(envelopeOfLocalError(error), redact);
}

function envelopeOfAPIError(error: APIError): { error: Record<string, unknown> } {
  const detail = envelopeDetail(error.body);
  const code = typeof detail.code === "string" ? detail.code : error.code;
  const message = typeof detail.message === "string" ? detail.message : error.message;
  const envelope = Object.assign({ code, message }, detail);
  // The MCP endpoint reports a rate-limit refusal's wait as retryAfterSeconds (api-v1.md §7).
  if (isSdkError(error, "RateLimitError") && error.retryAfterSeconds !== undefined) {
    return { error: { ...envelope, retryAfterSeconds: error.retryAfterSeconds } };
  }
  return { error: envelope };
}

function envelopeOfLocalError(error: PostlineError): ToolResult {
  if (isSdkError(error, "InvalidRequestError")) {
    return toolError("validation_error", error.message, { param: error.param });
  }
  if (isSdkError(error, "APIConnectionError")) {
    const code = isSdkError(error, "APITimeoutError") ? "timeout" : "connection_error";
    return toolError(code, error.message, error.method === "GET" ? {} : AMBIGUOUS_WRITE_DETAIL);
  }
  if (isSdkError(error, "ResponseValidationError")) {
    return toolError("unexpected_response", error.message);
  }
  if (isSdkError(error, "PaginationError")) return toolError("pagination_error", error.message);
  if (isSdkError(error, "AmbiguousCreateError")) {
    // The model needs what the SDK could settle: what exists, and whether creating again is safe.
    return toolError("ambiguous_create", error.message, {
      outcome: error.outcome,
      unresolvedChannelIds: [...error.unresolvedChannelIds],
      items: toJsonSafe({ items: error.items }).items ?? [],
    });
  }
  return toolError("client_error", error.message);
}
