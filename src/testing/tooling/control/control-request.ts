/** A request to the fake's own routes, as a transport hands it over. */

/** One request to the watch or control routes. */
export interface OwnRouteRequest {
  /** The HTTP method. */
  readonly method: string;
  /** The path and query, e.g. `/fake/requests?after=10`. */
  readonly target: string;
  /** The request headers (`host`, `content-type`, `authorization` are read). */
  readonly headers: Headers;
  /**
   * Reads the body, only when a route needs it (other paths leave it to the model): `null`
   * when it is over the control plane's cap, {@link MAX_CONTROL_BODY_BYTES}.
   */
  body(): Promise<string | null>;
  /** Aborted when the caller goes away, which ends a long-poll early. */
  readonly signal?: AbortSignal;
}

/**
 * The largest control body: a seed. 4 MiB holds a snapshot of a few thousand items; above it
 * the body is refused with 413 before it is parsed.
 */
export const MAX_CONTROL_BODY_BYTES = 4 * 1_048_576;
