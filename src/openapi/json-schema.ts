/** A JSON Schema object, as the document holds it. Its own file: every part of the document names it. */
export type JsonSchema = Record<string, unknown>;
