/**
 * Local refusals (SDK_DESIGN §3): inputs the service would refuse are refused before anything is
 * sent, with an `InvalidRequestError` naming the parameter. Each check returns the value it
 * accepted, so a resource reads as "check, send, parse".
 */
import { InvalidRequestError } from "./errors/local-errors.js";

/** A path id: a non-empty string, URL-encoded so it can never reach another route. */
export function pathId(param: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new InvalidRequestError(
      param,
      `${param} must be a non-empty string; got ${describe(value)}`,
    );
  }
  // "." and ".." survive encoding and would be resolved as dot segments, leaving the route.
  if (value === "." || value === "..") {
    throw new InvalidRequestError(param, `${param} cannot be "${value}"`);
  }
  return encodeURIComponent(value);
}

/** A required non-empty string. */
export function requiredString(param: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new InvalidRequestError(
      param,
      `${param} is required and must be a non-empty string; got ${describe(value)}`,
    );
  }
  return value;
}

/** An optional string: absent, or a string (empty allowed only when `allowEmpty`). */
export function optionalString(
  param: string,
  value: unknown,
  allowEmpty = true,
): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || (!allowEmpty && value.trim() === "")) {
    throw new InvalidRequestError(
      param,
      `${param} must be ${allowEmpty ? "a string" : "a non-empty string"} when given; got ${describe(value)}`,
    );
  }
  return value;
}

/** An optional boolean. */
export function optionalBoolean(param: string, value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "boolean") {
    throw new InvalidRequestError(
      param,
      `${param} must be true or false when given; got ${describe(value)}`,
    );
  }
  return value;
}

/** An optional whole number within `min..max`. */
export function optionalIntInRange(
  param: string,
  value: unknown,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidRequestError(
      param,
      `${param} must be a whole number from ${min} to ${max}; got ${describe(value)}`,
    );
  }
  return value;
}

/** A non-empty array of non-empty strings. */
export function requiredStringList(param: string, value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new InvalidRequestError(
      param,
      `${param} must be a non-empty array of ids; got ${describe(value)}`,
    );
  }
  for (const [index, entry] of value.entries()) requiredString(`${param}[${index}]`, entry);
  return value as string[];
}

/** A point in time as ISO-8601 UTC: a valid `Date`, or a string that parses as a date. */
export function isoTimestamp(param: string, value: unknown): string {
  const date =
    value instanceof Date
      ? value
      : typeof value === "string" && value.trim() !== ""
        ? new Date(value)
        : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    throw new InvalidRequestError(
      param,
      `${param} must be a Date or an ISO-8601 timestamp; got ${describe(value)}`,
    );
  }
  return date.toISOString();
}

/** Refuses a parameter that must not be sent with this call. */
export function refuse(param: string, present: boolean, reason: string): void {
  if (present) throw new InvalidRequestError(param, reason);
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
