import { UsageError } from "./usage-error.js";

/** `--port N` as a port number (default 0: a free one), or a usage error naming the flag. */
export function portOf(value: string | undefined, command: string): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535)
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${value}"`, command);
  return port;
}
