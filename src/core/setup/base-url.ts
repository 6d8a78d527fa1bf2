import { PostlineError } from "../errors/postline-error.js";

const API_PREFIX = "/api/v1";

/**
 * The service root as given → the `/api/v1/` base every path resolves against. `/api/v1` is
 * appended unless present; trailing slashes are tolerated.
 */
export function resolveApiBase(baseURL: string): URL {
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    throw new PostlineError(
      `baseURL must be an absolute http(s) URL, e.g. "https://api.example.com"; got "${baseURL}"`,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new PostlineError(
      `baseURL must use https (or http to a loopback host); got "${url.protocol}"`,
    );
  }
  if (url.username || url.password) {
    throw new PostlineError("baseURL must not carry credentials; pass the token as apiKey");
  }
  url.search = "";
  url.hash = "";
  const path = url.pathname.replace(/\/+$/, "");
  url.pathname = `${path.endsWith(API_PREFIX) ? path : `${path}${API_PREFIX}`}/`;
  return url;
}

/** Whether `hostname` (as `URL.hostname` gives it) is this machine: localhost, 127.0.0.0/8, [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (host === "[::1]" || host === "::1") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
