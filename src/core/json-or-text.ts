/** A body's text read as JSON when it is JSON, else kept as text. */
export type JsonOrText =
  | { readonly isJson: true; readonly value: unknown }
  | { readonly isJson: false; readonly value: string | undefined };

const EMPTY: JsonOrText = { isJson: false, value: undefined };

/**
 * The one reader of "JSON, else text" for bodies: 2xx bodies, error bodies and the fake's request
 * log. An empty (or blank) body is `{ isJson: false, value: undefined }`.
 */
export function jsonOrText(text: string): JsonOrText {
  if (text === "") return EMPTY;
  try {
    return { isJson: true, value: JSON.parse(text) as unknown };
  } catch {
    // Checked only here: trimming every body would copy it.
    return text.trim() === "" ? EMPTY : { isJson: false, value: text };
  }
}
