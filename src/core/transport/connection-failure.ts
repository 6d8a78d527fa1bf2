/** What a runtime's connection failure was, read from its cause chain (cause-chain.ts). */

import { codeOf, findInCauseChain, MAX_CAUSE_LINKS } from "../cause-chain.js";

const SYSTEM_CODE = /^E[A-Z_]+$|^UND_ERR_/;

/**
 * The first system error code (`ECONNREFUSED`, `ENOTFOUND`, ...) in an error's cause chain; of an
 * `AggregateError`, the first any member holds.
 */
export function connectionFailureCode(error: unknown): string | undefined {
  return findInCauseChain(
    error,
    (link) => {
      const code = codeOf(link);
      return code !== undefined && SYSTEM_CODE.test(code) ? code : undefined;
    },
    "any",
  );
}

// Errors only code raises; a network condition comes with a code (a system error, undici's UND_ERR_*).
const LANGUAGE_ERRORS: readonly (new () => Error)[] = [
  TypeError,
  ReferenceError,
  RangeError,
  SyntaxError,
];

/**
 * The error a fetch implementation's own code threw before it could connect, which its rejection
 * wraps: at the end of the cause chain, below the rejection, a plain `TypeError`,
 * `ReferenceError`, `RangeError` or `SyntaxError` with no code, and no code on any link. msw's
 * interceptor on a Node without `Promise.withResolvers` throws so inside `connect()`: `fetch
 * failed`, caused by `TypeError: Promise.withResolvers is not a function`. A rejection with no
 * cause (a browser's `TypeError: Failed to fetch`, for any network failure) is not one.
 */
export function failureBeforeConnecting(error: unknown): Error | undefined {
  let link = error;
  for (let depth = 0; depth < MAX_CAUSE_LINKS; depth++) {
    if (typeof link !== "object" || link === null || codeOf(link) !== undefined) return undefined;
    if ("errors" in link) return undefined; // several attempts: each would have to say so
    const cause = (link as { cause?: unknown }).cause;
    if (cause === undefined) {
      const isLanguageError = LANGUAGE_ERRORS.some((type) => link?.constructor === type);
      return depth > 0 && isLanguageError ? (link as Error) : undefined;
    }
    link = cause;
  }
  return undefined;
}

/** Where the connection went: `host:port` (the port said even when it is the default), and the host name. */
interface Target {
  readonly address: string;
  readonly hostname: string;
}

// What each common code means for someone reading the message; others are shown as the code.
const MEANINGS: Readonly<Record<string, (to: Target) => string>> = {
  ECONNREFUSED: (to) => `${to.address} refused the connection: nothing is listening on that port`,
  ENOTFOUND: (to) => `the host name ${to.hostname} does not resolve`,
  ECONNRESET: (to) => `${to.address} reset the connection`,
  ETIMEDOUT: (to) => `the connection to ${to.address} timed out`,
};

/**
 * Says what a connection failure was, e.g. `127.0.0.1:4010 refused the connection: nothing is
 * listening on that port (ECONNREFUSED)`, or what the fetch implementation threw before connecting
 * ({@link failureBeforeConnecting}); `undefined` when the chain says neither.
 */
export function describeConnectionFailure(cause: unknown, url: string): string | undefined {
  const code = connectionFailureCode(cause);
  if (code === undefined) {
    const own = failureBeforeConnecting(cause);
    return own && `it threw before connecting, so nothing was sent: ${own.name}: ${own.message}`;
  }
  const meaning = MEANINGS[code];
  return meaning ? `${meaning(targetOf(url))} (${code})` : code;
}

function targetOf(url: string): Target {
  try {
    const { host, hostname, port, protocol } = new URL(url);
    // `host` leaves out a default port; say it, since the port is what refused.
    return { address: port ? host : `${host}:${protocol === "https:" ? 443 : 80}`, hostname };
  } catch {
    return { address: url, hostname: url };
  }
}
