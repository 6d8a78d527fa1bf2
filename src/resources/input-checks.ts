/**
 * Local refusals: inputs the service would refuse are refused before anything is
 * sent, with an `InvalidRequestError` naming the parameter. Each check returns the value it
 * accepted, so a resource reads as "check, send, parse".
 */
import { InvalidRequestError } from "../core/errors/local-errors.js";

/** Throws `InvalidRequestError`: "`param` `expected`; got `what value is`". */
function invalid(param: string, expected: string, value: unknown): never {
  throw new InvalidRequestError(param, `${param} ${expected}; got ${describe(value)}`);
}

const isBlank = (value: unknown): boolean => typeof value !== "string" || value.trim() === "";

/** A UTF-16 half with no partner (`\uD800` alone); with the `u` flag a pair is one code point. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Refuses a string with a lone surrogate: it has no UTF-8 form, so it cannot go in a URL
 * (`encodeURIComponent` throws `URIError`) and would reach the service as U+FFFD in a body.
 * It usually comes from cutting a string in the middle of an emoji.
 */
function wellFormed(param: string, value: string): string {
  const at = value.search(LONE_SURROGATE);
  if (at !== -1) {
    throw new InvalidRequestError(
      param,
      `${param} is not valid Unicode: it has an unpaired surrogate at index ${at} (a string cut in the middle of an emoji?)`,
    );
  }
  return value;
}

/** A path id: a non-empty string, URL-encoded so it can never reach another route. */
export function pathId(param: string, value: unknown): string {
  if (isBlank(value)) invalid(param, "must be a non-empty string", value);
  wellFormed(param, value as string);
  // "." and ".." survive encoding and would be resolved as dot segments, leaving the route.
  if (value === "." || value === "..") {
    throw new InvalidRequestError(param, `${param} cannot be "${value}"`);
  }
  return encodeURIComponent(value as string);
}

/**
 * The parameters object of a call (named `params` in errors): a plain object, or, when
 * `optional`, absent (`{}` then). `null`, an array or a primitive is refused instead of failing
 * later on a property read.
 */
export function paramsObject(
  value: unknown,
  { optional = false }: { readonly optional?: boolean } = {},
): Record<string, unknown> {
  if (value === undefined && optional) return {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    invalid(
      "params",
      optional ? "must be an object when given" : "is required and must be an object",
      value,
    );
  }
  return value as Record<string, unknown>;
}

/** One of a fixed set of strings. */
export function oneOf<const V extends string>(
  param: string,
  value: unknown,
  allowed: readonly V[],
): V {
  if (!(allowed as readonly unknown[]).includes(value)) {
    const list = allowed.map((entry) => `"${entry}"`).join(", ");
    invalid(param, `must be one of ${list}`, value);
  }
  return value as V;
}

/** A required non-empty string. */
export function requiredString(param: string, value: unknown): string {
  if (isBlank(value)) invalid(param, "is required and must be a non-empty string", value);
  return wellFormed(param, value as string);
}

/** An optional string: absent, or any string, the empty one included. */
export function optionalString(param: string, value: unknown): string | undefined {
  if (value !== undefined && typeof value !== "string") {
    invalid(param, "must be a string when given", value);
  }
  return value === undefined ? undefined : wellFormed(param, value);
}

/** An optional string that, when given, is not blank. */
export function optionalNonEmptyString(param: string, value: unknown): string | undefined {
  if (value !== undefined && isBlank(value)) {
    invalid(param, "must be a non-empty string when given", value);
  }
  return value === undefined ? undefined : wellFormed(param, value as string);
}

export function optionalBoolean(param: string, value: unknown): boolean | undefined {
  if (value !== undefined && typeof value !== "boolean") {
    invalid(param, "must be true or false when given", value);
  }
  return value as boolean | undefined;
}

/** An optional whole number within `min..max`. */
export function optionalIntInRange(
  param: string,
  value: unknown,
  min: number,
  max: number,
): number | undefined {
  if (
    value !== undefined &&
    (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max)
  ) {
    invalid(param, `must be a whole number from ${min} to ${max}`, value);
  }
  return value as number | undefined;
}

/** A non-empty array of non-empty strings. */
export function requiredStringList(param: string, value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    invalid(param, "must be a non-empty array of ids", value);
  }
  for (const [index, entry] of value.entries()) requiredString(`${param}[${index}]`, entry);
  return value as string[];
}

/** A point in time as ISO-8601 UTC: a valid `Date`, or a string that parses as a date. */
export function isoTimestamp(param: string, value: unknown): string {
  const date =
    value instanceof Date ? value : isBlank(value) ? undefined : new Date(value as string);
  if (!date || Number.isNaN(date.getTime())) {
    invalid(param, "must be a Date or an ISO-8601 timestamp", value);
  }
  return date.toISOString();
}

/** Refuses a parameter that must not be sent with this call, saying why. */
export function refuse(param: string, reason: string): never {
  throw new InvalidRequestError(param, reason);
}

/** A check of one parameter: the accepted value, or an `InvalidRequestError` naming it. */
export type FieldCheck = (param: string, value: unknown) => unknown;

/**
 * Runs each check of the table on the same-named field of `input`, in table order. Every key is
 * kept (`undefined` when absent): query strings and JSON bodies leave those out.
 */
export function checkedFields<C extends Record<string, FieldCheck>>(
  input: object | undefined,
  checks: C,
): { [K in keyof C]: ReturnType<C[K]> } {
  const out: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(checks)) {
    out[key] = check(key, (input as Record<string, unknown> | undefined)?.[key]);
  }
  return out as { [K in keyof C]: ReturnType<C[K]> };
}

/** A short, secret-free description of a bad value for messages. */
function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string")
    return value === "" ? "an empty string" : `a ${value.length}-character string`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value instanceof Date) return "an invalid Date";
  if (typeof value === "number") return String(value);
  return typeof value;
}
