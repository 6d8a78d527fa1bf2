import { PostlineError } from "../errors/postline-error.js";

/**
 * Whether the code runs in a browser page (a `window` with a `document`). Workers, Node, Bun and
 * Deno have no `document`; test DOMs such as jsdom count as a page, as they imitate one.
 */
export function isBrowserPage(): boolean {
  const scope = globalThis as { window?: { document?: unknown }; document?: unknown };
  return typeof scope.window === "object" && scope.window !== null && scope.document !== undefined;
}

/**
 * Refuses an API key in a browser page: anyone who opens the page can read it from the page's
 * source, its memory or its network traffic, and act as the key with all its scopes.
 */
export function assertNoKeyInBrowserPage(options: {
  readonly dangerouslyAllowBrowser?: boolean | undefined;
}): void {
  if (options.dangerouslyAllowBrowser === true || !isBrowserPage()) return;
  throw new PostlineError(
    "An API key in a browser page can be read by anyone who opens the page, who can then act " +
      "with every scope of the key. Keep the key on a server, or sign the user in and use " +
      '`auth: "session"` from your own web app. If the page is only ever run by the key\'s ' +
      "owner and you accept the risk, pass `dangerouslyAllowBrowser: true`.",
  );
}
