/**
 * How a client authenticates: `"apiKey"` sends `Authorization: Bearer <apiKey>`; `"session"`
 * sends no key and lets the browser send the signed-in user's cookies (api-v1.md §5 rule 1).
 */
export type PostlineAuth = "apiKey" | "session";
