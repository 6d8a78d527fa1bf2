/**
 * A `fetch` for the SDK that talks to Prism: the document's server is `{baseURL}/api/v1`, so
 * Prism serves the paths without the prefix the SDK adds. The body is sent as text, with a
 * length: Prism's proxy loses a streamed (chunked) request body on the way upstream.
 */
export function prismFetch(prismURL: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1(?=\/)/, "");
    const body =
      request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
    return fetch(new URL(path + url.search, prismURL), {
      method: request.method,
      headers: request.headers,
      body: body === undefined || body === "" ? null : body,
      signal: request.signal,
    });
  };
}
