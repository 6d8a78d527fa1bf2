/**
 * What the command says when the address answered, but not as the Postline API does: a 404 page
 * of another server means POSTLINE_BASE_URL points elsewhere, and its HTML is no use in a terminal.
 */
import { APIError } from "../core/errors/api-error.js";
import { UNEXPECTED_RESPONSE } from "../core/errors/from-response.js";

/**
 * The line for an error answer that is not the API's envelope (an HTML page, a text body), with
 * its status and no body; `undefined` for any other error.
 */
export function foreignAnswerLine(error: unknown): string | undefined {
  if (!(error instanceof APIError) || error.code !== UNEXPECTED_RESPONSE) return undefined;
  const body = error.body;
  if (error.status < 400 || body === undefined || (body !== null && typeof body === "object"))
    return undefined;
  const type = error.headers.get("content-type")?.split(";")[0]?.trim();
  const page = type === "text/html" || /^\s*</.test(String(error.body)) ? "an HTML page" : "text";
  return error.status === 404
    ? `${error.method} ${error.url} answered 404 with ${page}, not the Postline API's error: this is not a Postline API at that base URL; check POSTLINE_BASE_URL (the service's root, without /api/v1)`
    : `${error.method} ${error.url} answered ${error.status} with ${page}, not the Postline API's error (not shown); check POSTLINE_BASE_URL and any proxy in between`;
}
