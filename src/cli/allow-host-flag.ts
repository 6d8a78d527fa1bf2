import { UsageError } from "./usage-error.js";

/** `--allow-host NAME` (repeatable): host names the fake answers besides IP addresses and localhost. */
export const ALLOW_HOST_FLAG = {
  "allow-host": { type: "string", value: "NAME", multiple: true },
} as const;

/** The names of `--allow-host`, lower-cased, or a usage error naming the flag and the bad value. */
export function allowHostsOf(values: readonly string[] | undefined, command: string): string[] {
  return (values ?? []).map((value) => {
    const name = value.trim().toLowerCase();
    if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(name)) {
      throw new UsageError(
        `--allow-host takes a host name such as fake.internal (no port or scheme), not ${JSON.stringify(value)}`,
        command,
      );
    }
    return name;
  });
}
