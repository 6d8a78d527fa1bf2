/** A request as any transport hands it to `FakeService#handle`. */
export interface FakeRequest {
  /** In any case (`post` is `POST`): with the URL's path it picks the route. */
  method: string;
  /** The full request URL. */
  url: string;
  /** A plain record is read as `new Headers(record)`, so its names may be in any case. */
  headers: Headers | Record<string, string>;
  /** The raw body text; empty or undefined when none was sent. */
  body?: string;
  /** The caller's address, for the per-address limit (default `127.0.0.1`). */
  clientAddress?: string;
  /**
   * The path the fake is served under, before `/api/v1`: `""` over HTTP (`startFakeServer`), the
   * path of the handlers' `baseURL` for msw. Default: the path of `service.defaults.baseURL`. A
   * request under another path answers 404 naming the base URL served.
   */
  basePath?: string;
  /** The caller's abort signal; an injected delay ends early when it aborts. */
  signal?: AbortSignal;
}
