import { Postline } from "../client.js";
import { isLoopbackHost } from "../core/setup/base-url.js";
import type { PostlineOptions } from "../core/setup/client-options.js";
import { UsageError } from "./usage-error.js";

/** The variable that does what `--allow-insecure-http` does. */
const INSECURE_HTTP_VARIABLE = "POSTLINE_ALLOW_INSECURE_HTTP";

/** The flag every command that sends the key takes, for `parseFlags`. */
export const INSECURE_HTTP_FLAG = { "allow-insecure-http": { type: "boolean" } } as const;

/** The help lines of the flag and its variable. */
export const INSECURE_HTTP_HELP = {
  option:
    "  --allow-insecure-http  send the key over plain http to a host that is not this machine",
  variable: `  ${INSECURE_HTTP_VARIABLE}=1  the same as --allow-insecure-http`,
};

/**
 * A client for the service named by `POSTLINE_API_KEY` and `POSTLINE_BASE_URL`. A missing
 * variable is named in the message, before any request is made. Plain http to a host other than
 * this machine is refused unless `allowInsecureHttp` (the flag) or `POSTLINE_ALLOW_INSECURE_HTTP`
 * allows it.
 */
export function clientFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  command: string,
  options: Omit<PostlineOptions, "apiKey" | "baseURL"> = {},
): Postline {
  for (const name of ["POSTLINE_API_KEY", "POSTLINE_BASE_URL"] as const) {
    if (!env[name]?.trim()) {
      throw new UsageError(
        `${name} is not set. Set POSTLINE_API_KEY to an agent key and POSTLINE_BASE_URL to the service's address${command === "mcp" ? ", or pass --fake to serve an embedded fake" : ""}.`,
        command,
      );
    }
  }
  const baseURL = env.POSTLINE_BASE_URL as string;
  const allowInsecureHttp = insecureHttpAllowed(env, command, {
    flag: options.allowInsecureHttp === true,
  });
  const host = plainHttpHost(baseURL);
  if (host !== undefined && !allowInsecureHttp) {
    throw new UsageError(
      `POSTLINE_BASE_URL is plain http to ${host}, which is not this machine: the API key would travel unencrypted. Use https, or pass --allow-insecure-http (or set ${INSECURE_HTTP_VARIABLE}=1) to send it anyway.`,
      command,
    );
  }
  // The process's own variable is left for the client to read, so a 401 says where the key came from.
  const apiKey =
    env.POSTLINE_API_KEY === process.env.POSTLINE_API_KEY ? undefined : env.POSTLINE_API_KEY;
  return new Postline({ ...options, allowInsecureHttp, apiKey, baseURL });
}

/**
 * Whether a command may send the key over plain http to another machine: the flag, or
 * `POSTLINE_ALLOW_INSECURE_HTTP` (`1`/`true`/`yes` allow, `0`/`false`/`no` or unset do not;
 * anything else is refused by name). Every command that sends a key asks here.
 */
export function insecureHttpAllowed(
  env: Readonly<Record<string, string | undefined>>,
  command: string,
  { flag }: { flag: boolean },
): boolean {
  if (flag) return true;
  const value = env[INSECURE_HTTP_VARIABLE];
  const normalized = value?.trim().toLowerCase() ?? "";
  if (["1", "true", "yes"].includes(normalized)) return true;
  if (["", "0", "false", "no"].includes(normalized)) return false;
  throw new UsageError(
    `${INSECURE_HTTP_VARIABLE} must be 1 (or true) to allow plain http, or 0 (or false), not "${value}"`,
    command,
  );
}

/** The host of a plain-http URL that is not this machine; `undefined` otherwise (or unparsable). */
export function plainHttpHost(baseURL: string): string | undefined {
  // An unparsable URL is the client's to name.
  if (!URL.canParse(baseURL.trim())) return undefined;
  const url = new URL(baseURL.trim());
  return url.protocol === "http:" && !isLoopbackHost(url.hostname) ? url.host : undefined;
}
