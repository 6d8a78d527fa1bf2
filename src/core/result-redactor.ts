import { createRedactor, type Redactor } from "./redact.js";

// `Symbol.for`, so a copy of `@postline/sdk/tools` bundled apart from the client still finds it.
const RESULT_REDACTOR = Symbol.for("@postline/sdk.resultRedactor");

// Without a client's own key, only what is shaped like a token can be scrubbed.
const byPatternOnly = createRedactor(undefined);

/**
 * Gives a client the redactor its results are scrubbed with before they reach a model (tool
 * results, the CLI's output): its exact key and the key's secret part as well as the token
 * pattern. It is a hidden, non-enumerable property; it never holds the key in readable form.
 */
export function attachResultRedactor(client: object, token: string | undefined): void {
  Object.defineProperty(client, RESULT_REDACTOR, {
    // No scrubbing of cut token starts: code holding the client must not be able to probe it.
    value: createRedactor(token, { cutTokens: false }),
    enumerable: false,
  });
}

/** The redactor for results of `client`: its own, else one that scrubs token-shaped text. */
export function resultRedactorOf(client: unknown): Redactor {
  const own =
    client !== null && typeof client === "object"
      ? (client as { [RESULT_REDACTOR]?: unknown })[RESULT_REDACTOR]
      : undefined;
  return typeof own === "function" ? (own as Redactor) : byPatternOnly;
}
