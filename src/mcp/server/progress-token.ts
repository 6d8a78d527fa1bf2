/**
 * A request's `progressToken`, as MCP allows it: a string or an integer. Anything else (an
 * object, `null`, a float, a boolean, an array) is read as no token: the call runs without
 * progress rather than going unanswered. No import from the MCP SDK.
 */
export function progressTokenOf(meta: unknown): string | number | undefined {
  if (meta === null || typeof meta !== "object") return undefined;
  const token = (meta as { progressToken?: unknown }).progressToken;
  if (typeof token === "string") return token;
  if (typeof token === "number" && Number.isSafeInteger(token)) return token;
  return undefined;
}
