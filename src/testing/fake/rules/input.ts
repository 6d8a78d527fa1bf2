/** Reading request fields: each wrong type is a 400 `validation_error` naming the parameter. */
import { invalidParam } from "../http/fake-response.js";

/** A request body's JSON; `undefined` when none was sent. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidParam("body", "the request body is not valid JSON");
  }
}

/**
 * The JSON body as an object (an absent body reads as `{}`).
 * @param problem - what the refusal of any other body says.
 */
export function bodyObject(
  body: unknown,
  problem = "the request body must be a JSON object",
): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw invalidParam("body", problem);
  }
  return body as Record<string, unknown>;
}

export function optionalString(fields: Record<string, unknown>, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalidParam(name, "must be a string");
  return value;
}

export function optionalBoolean(
  fields: Record<string, unknown>,
  name: string,
): boolean | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (typeof value !== "boolean") throw invalidParam(name, "must be a boolean");
  return value;
}

/** An integer query parameter within `[min, max]`, or the default when absent. */
export function integerQuery(
  query: URLSearchParams,
  name: string,
  range: { min: number; max: number; fallback: number },
): number {
  const raw = query.get(name);
  if (raw === null) return range.fallback;
  const value = /^-?\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    throw invalidParam(name, `must be an integer from ${range.min} to ${range.max}, got "${raw}"`);
  }
  return value;
}

/** A query parameter that must be one of `allowed` when present. */
export function enumQuery<T extends string>(
  query: URLSearchParams,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw invalidParam(name, `must be one of ${allowed.join(", ")}, got "${raw}"`);
  }
  return raw as T;
}
