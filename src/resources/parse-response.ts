import type { z } from "zod";
import { bodyProblemError, ResponseValidationError } from "../core/errors/local-errors.js";
import { jsonOrText } from "../core/json-or-text.js";
import { redactDeep } from "../core/redact.js";
import type { ApiRequest, ApiResponse } from "../core/transport/api-request.js";
import type { ResourceContext, ResponseReader } from "./resource-context.js";

/** The body of a 2xx response as JSON; a body that is not JSON is a `ResponseValidationError`. */
export function readJson(response: ApiResponse, reader: ResponseReader): unknown {
  const read = jsonOrText(response.text);
  if (read.isJson || read.value === undefined) return read.value;
  const body = redactDeep(read.value, reader.redact);
  const { method, url, callId } = response;
  throw bodyProblemError({
    message: "The body is not valid JSON",
    input: body,
    body,
    method,
    url,
    callId,
  });
}

/**
 * Checks `body` against `schema` and returns the parsed value; with validation off, returns the
 * body unchecked (typed as the schema's output, which the caller then trusts).
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  body: unknown,
  response: ApiResponse,
  reader: ResponseReader,
): z.output<S> {
  if (!reader.validate) return body as z.output<S>;
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  // The body and each issue's `input` may echo the token.
  throw new ResponseValidationError({
    issues: redactDeep(result.error.issues, reader.redact),
    body: redactDeep(body, reader.redact),
    method: response.method,
    url: response.url,
    callId: response.callId,
  });
}

/**
 * The single object of a response the contract does not show (api-v1.md §4): either the object
 * itself or wrapped under `key` (`{ item }`, `{ key }`). Returns the object and the wrapper.
 */
export function unwrapSingle(
  body: unknown,
  key: string,
): { value: unknown; wrapper: Record<string, unknown> } {
  if (body !== null && typeof body === "object" && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    const inner = record[key];
    if (inner !== null && typeof inner === "object" && !Array.isArray(inner))
      return { value: inner, wrapper: record };
    return { value: record, wrapper: record };
  }
  return { value: body, wrapper: {} };
}

/**
 * Sends `request` and parses its body with `schema`. `unwrap` names the key a single object may
 * come wrapped in (`{ item }`, `{ key }`), where the contract does not show the shape.
 */
export async function requestParsed<S extends z.ZodType>(
  ctx: ResourceContext,
  schema: S,
  request: ApiRequest,
  unwrap?: string,
): Promise<z.output<S>> {
  const response = await ctx.transport.request(request, ctx.call);
  const body = readJson(response, ctx.reader);
  return parseWith(schema, unwrap ? unwrapSingle(body, unwrap).value : body, response, ctx.reader);
}
