/**
 * The Host rule of a fake served over HTTP: an IP literal or `localhost`, a name a DNS rebinding
 * attack cannot point at this machine, so a page of another site can neither read nor steer it,
 * nor sign in through it. Names the caller allows (`--allow-host`, `allowHosts`) are answered too.
 */
import type { FakeResponse } from "../../fake/http/fake-response.js";
import { controlError } from "../control/control-answers.js";

/** Whether `host` (the `Host` header) is an IP address, `localhost`, or one of `allowHosts`. */
export function isTrustedHost(
  host: string | null | undefined,
  allowHosts: readonly string[] = [],
): boolean {
  const hostname = hostnameOf(host);
  if (hostname === undefined) return false;
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) ||
    hostname.startsWith("[") ||
    allowHosts.some((allowed) => allowed.trim().toLowerCase() === hostname)
  );
}

/**
 * The 403 of a request whose `Host` the rule refuses, saying how to allow the name. `what` names
 * what refused it, e.g. `This fake` or `The control plane`.
 */
export function forbiddenHost(host: string | null | undefined, what = "This fake"): FakeResponse {
  const name = hostnameOf(host);
  const allow =
    name === undefined
      ? "send a Host header"
      : `to answer at ${name}, start it with --allow-host ${name} (startFakeServer's allowHosts: ["${name}"])`;
  return controlError(
    403,
    "forbidden_host",
    `${what} answers only at an IP address or localhost, e.g. http://127.0.0.1:<port>/, so that a DNS name rebound to this machine cannot reach it; ${allow}.`,
    { param: "host" },
  );
}

function hostnameOf(host: string | null | undefined): string | undefined {
  if (host === undefined || host === null || host === "") return undefined;
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}
