import { z } from "zod";

/**
 * A string enum that also accepts values it does not know yet, because the service adds enum
 * values in v1 without notice (api-v1.md §9). Typed as `Known | (string & {})` so editors still
 * suggest the known values.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string()]) as unknown as z.ZodType<
    T[number] | (string & {}),
    T[number] | (string & {})
  >;
}
