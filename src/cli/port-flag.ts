import { UsageError } from "./usage-error.js";

/** `--port N` as a port number (default 0: a free one), or a usage error naming the flag. */
export function portOf(value: string | undefined, command: string): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535)
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${value}"`, command);
  return port;
}

/**
 * One line for a server that could not listen because the port is taken or not allowed, naming
 * the port and `--port`; `undefined` for any other failure (a bug, shown with its stack).
 */
export function listenFailureLine(error: unknown, port: number, host: string): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EADDRINUSE") {
    return `port ${port} on ${host} is in use; pass another with --port N, or --port 0 for a free one`;
  }
  if (code === "EACCES") {
    return `port ${port} on ${host} needs privileges this process lacks; pass another with --port N (1024 or above), or --port 0 for a free one`;
  }
  if (code === "EADDRNOTAVAIL") {
    return `${host} is not an address of this machine; pass one of its addresses with --host`;
  }
  return undefined;
}
