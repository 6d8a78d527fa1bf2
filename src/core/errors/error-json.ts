import { isCredentialHeader } from "../credential-headers.js";
import { createRedactor, redactDeep } from "../redact.js";

// No key is at hand here; the SDK's errors are already scrubbed of their client's exact key when
// built, and this catches anything shaped like a token that a body or header still carries.
const scrubTokens = createRedactor(undefined);

/** How deep a chain of causes is followed. */
const MAX_CAUSE_DEPTH = 3;

/** What `JSON.stringify(error)` writes for an SDK error (`PostlineError.toJSON` says what). */
export function errorToJson(error: Error, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = { name: error.name, message: error.message };
  for (const key of Object.keys(error)) {
    out[key] = jsonField((error as unknown as Record<string, unknown>)[key], depth);
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    out.cause = jsonField(error.cause, depth);
  }
  return redactDeep(out, scrubTokens);
}

function jsonField(value: unknown, depth: number): unknown {
  if (value instanceof Headers) {
    return Object.fromEntries([...value].filter(([name]) => !isCredentialHeader(name)));
  }
  if (value instanceof Error) {
    if (depth >= MAX_CAUSE_DEPTH) return { name: value.name, message: value.message };
    const code = (value as { code?: unknown }).code;
    return {
      ...errorToJson(value, depth + 1),
      ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    };
  }
  return value;
}
