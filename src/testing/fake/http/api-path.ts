/**
 * The path under `/api/v1` of a request's URL path, which picks its route: `/content/cnt_1` for
 * `/api/v1/content/cnt_1/` (trailing slashes dropped, `/` for the prefix itself). `null` when the
 * path is not under the prefix (`/api/v1x` is not). The prefix may follow a base path, as a
 * service mounted under `/postline/api/v1` has.
 */
export function apiPathOf(pathname: string): string | null {
  const prefixAt = pathname.indexOf("/api/v1");
  if (prefixAt === -1) return null;
  const rest = pathname.slice(prefixAt + "/api/v1".length);
  if (rest !== "" && !rest.startsWith("/")) return null;
  return rest.replace(/\/+$/, "") || "/";
}
