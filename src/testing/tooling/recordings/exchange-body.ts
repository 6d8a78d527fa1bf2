/**
 * A body as a recording keeps it: a JSON object or array as data (readable, comparable by field),
 * any other text as it came, and no body as `undefined`. Replay sends each back as it was.
 */

/** The body of `text` as a recording keeps it; `undefined` when empty. */
export function recordedBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    const value: unknown = JSON.parse(text);
    // A JSON string or number is kept as text, so a kept string always means "sent as is".
    if (value !== null && typeof value === "object") return value;
  } catch {
    // not JSON: kept as text
  }
  return text;
}

/** The text of a recorded body: JSON for data, the text itself for text, empty for none. */
export function bodyText(body: unknown): string {
  if (body === undefined || body === null) return "";
  return typeof body === "string" ? body : JSON.stringify(body);
}

/** A copy of a JSON value with each string (keys aside) passed through `map`. */
export function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((entry) => mapStrings(entry, map));
  const copy: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(value)) {
    // defineProperty: a JSON `__proto__` key stays data.
    Object.defineProperty(copy, name, {
      value: mapStrings(entry, map),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
