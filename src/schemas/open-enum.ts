import { z } from "zod";

/**
 * A string enum that also accepts values it does not know yet, because the service adds enum
 * values in v1 without notice (api-v1.md §9). Typed as `Known | (string & {})` so editors still
 * suggest the known values.
 *
 * At run time it is a plain string check: every string passes either way, and a union with the
 * known values would cost time on every parse (docs/performance.md) without refusing anything.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(_knownValues: T) {
  return z.string() as unknown as z.ZodType<T[number] | (string & {}), T[number] | (string & {})>;
}
