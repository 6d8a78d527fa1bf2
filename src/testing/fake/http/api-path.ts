/**
 * Where a request's path falls: under the base path the fake is served at (`""` over HTTP, the
 * path of `baseURL` for msw and `service.fetch`), then under `/api/v1`. A path that holds
 * `/api/v1` under another base is the mark of a wrong base URL, which the real service would not
 * answer either.
 */

/** The path after `basePath` (`/` for the base itself), or `null` when it is not under it. */
export function pathUnder(pathname: string, basePath: string): string | null {
  const base = basePath.replace(/\/+$/, "");
  if (base === "") return pathname;
  if (pathname === base) return "/";
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : null;
}

/**
 * The path under `/api/v1` of a path under the base, which picks its route: `/content/cnt_1` for
 * `/api/v1/content/cnt_1/` (trailing slashes dropped, `/` for the prefix itself). `null` when the
 * path is not under the prefix (`/api/v1x` is not, nor `/foo/api/v1`).
 */
export function apiPathOf(pathname: string): string | null {
  if (!pathname.startsWith("/api/v1")) return null;
  const rest = pathname.slice("/api/v1".length);
  if (rest !== "" && !rest.startsWith("/")) return null;
  return rest.replace(/\/+$/, "") || "/";
}

/** Whether a path holds the API prefix anywhere, as one sent under a wrong base URL does. */
export function holdsApiPrefix(pathname: string): boolean {
  return /\/api\/v1(\/|$)/.test(pathname);
}
