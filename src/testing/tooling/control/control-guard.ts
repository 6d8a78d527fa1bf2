/**
 * The control plane's gate, run before any control route: safe by default, so that a page of
 * another site can neither read nor steer a fake running on a developer's machine.
 *
 * - Host: an IP address, `localhost` or an allowed name only (DNS rebinding), as the watch routes.
 * - Origin: a browser's `Origin`, when sent, must be this fake's own.
 * - Writes: `Content-Type: application/json` only, which a page of another origin cannot send
 *   without a preflight, and the fake answers no preflight on `/fake/`.
 * - A control token, when set: `Authorization: Bearer <token>`, compared in constant time.
 */
import type { FakeResponse } from "../../fake/http/fake-response.js";
import { forbiddenHost, isTrustedHost } from "../watch/trusted-host.js";
import { controlError } from "./control-answers.js";
import type { OwnRouteRequest } from "./control-request.js";

/** How the control plane is served: `false` turns it off. */
export type ControlOptions =
  | boolean
  | {
      /** Requires `Authorization: Bearer <token>` on the control routes. */
      readonly token?: string;
    };

/** The refusal of a request the gate stops, or `undefined` to let it through. */
export function guardControl(
  request: OwnRouteRequest,
  options: { token?: string | undefined; allowHosts?: readonly string[] | undefined },
): FakeResponse | undefined {
  const host = request.headers.get("host");
  if (!isTrustedHost(host, options.allowHosts)) return forbiddenHost(host, "The control plane");
  const origin = request.headers.get("origin");
  if (origin !== null && !sameHost(origin, host)) {
    return controlError(403, "forbidden_origin", "The control plane answers no other origin.");
  }
  const unauthorized = refuseWithoutToken(request, options.token);
  if (unauthorized) return unauthorized;
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (request.method !== "GET" && request.method !== "HEAD" && type !== "application/json") {
    return controlError(
      415,
      "unsupported_media_type",
      "A control write needs Content-Type: application/json.",
      { param: "content-type" },
    );
  }
  return undefined;
}

/** The 401 of a request without the control token, when one is set; `undefined` to let it through. */
export function refuseWithoutToken(
  request: OwnRouteRequest,
  token: string | undefined,
): FakeResponse | undefined {
  if (token === undefined) return undefined;
  const sent = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (sent === undefined) {
    return controlError(
      401,
      "control_token_required",
      "This fake was started with a control token: send Authorization: Bearer <token>.",
    );
  }
  if (!sameSecret(sent.trim(), token)) {
    return controlError(401, "control_token_invalid", "The control token does not match.");
  }
  return undefined;
}

function sameHost(origin: string, host: string | null): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Compares two secrets in time that depends on their lengths only. */
function sameSecret(sent: string, expected: string): boolean {
  let difference = sent.length ^ expected.length;
  for (let index = 0; index < expected.length; index++) {
    difference |= (sent.charCodeAt(index) || 0) ^ expected.charCodeAt(index);
  }
  return difference === 0;
}
