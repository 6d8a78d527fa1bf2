/**
 * The answers of the fake's own routes (the control plane's JSON, the watch page's text): never
 * cached, never sniffed, and no CORS header ever, so a page of another origin cannot read them.
 * A refusal has the contract's envelope shape, `{ error: { code, message, param? } }`, so the
 * same client code reads both.
 */
import type { FakeResponse } from "../../fake/http/fake-response.js";

/** An answer of the fake's own routes: never cached, never sniffed, with any `extra` headers. */
export function ownRouteAnswer(
  status: number,
  contentType: string,
  body: string,
  extra: Record<string, string> = {},
): FakeResponse {
  const headers = {
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "content-type": contentType,
  };
  return { status, headers: { ...headers, ...extra }, body };
}

export function controlJson(status: number, value: unknown): FakeResponse {
  return ownRouteAnswer(status, "application/json", JSON.stringify(value));
}

/** A refusal: `code` says what, `message` how to fix it, `param` the field at fault. */
export function controlError(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): FakeResponse {
  return controlJson(status, { error: { code, message, ...extra } });
}

/** 405 with the methods the route answers. */
export function methodNotAllowed(path: string, allowed: readonly string[]): FakeResponse {
  const response = controlError(
    405,
    "method_not_allowed",
    `${path} answers ${allowed.join(", ")} only.`,
  );
  response.headers.allow = allowed.join(", ");
  return response;
}
