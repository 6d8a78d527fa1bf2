/** What a runtime's connection failure was, read from its cause chain (cause-chain.ts). */

import { codeOf, findInCauseChain } from "../cause-chain.js";

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
 * listening on that port (ECONNREFUSED)`, or `undefined` when the chain holds no code.
 */
export function describeConnectionFailure(cause: unknown, url: string): string | undefined {
  const code = connectionFailureCode(cause);
  if (code === undefined) return undefined;
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
