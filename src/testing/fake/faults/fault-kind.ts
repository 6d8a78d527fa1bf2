/** The kinds of fault `service.faults.inject` accepts, as a tagged union on `kind`. */

/** What a fault does. */
export type FaultKind =
  /** Answers with this status and body verbatim (an object is sent as JSON); nothing is applied. */
  | {
      /** Answer with a chosen status. */
      kind: "status";
      /** The status to answer with. */
      status: number;
      /** The body; an object is sent as JSON. */
      body?: unknown;
      /** Extra response headers. */
      headers?: Record<string, string>;
    }
  /** An HTML error page from a proxy (default 502); nothing is applied. */
  | {
      /** Answer with a proxy's HTML error page. */
      kind: "html";
      /** Its status (default 502). */
      status?: number;
    }
  /** The connection drops AFTER the service applied the request: the caller sees a network error. */
  | {
      /** Drop the connection after applying the request. */
      kind: "dropAfterWrite";
    }
  /** The connection is refused BEFORE anything reaches the service: nothing is applied. */
  | {
      /** Refuse the connection; nothing is applied. */
      kind: "refuseBeforeWrite";
    }
  /** Waits `ms` (real time, ends early if the caller aborts), then serves the request normally. */
  | {
      /** Answer late. */
      kind: "delay";
      /** How long to wait, in real milliseconds. */
      ms: number;
    }
  /** The request is applied; the JSON body is cut off halfway. */
  | {
      /** Apply, then send half the JSON body. */
      kind: "truncatedJson";
    }
  /** The request is applied; every top-level field of the JSON body is replaced with a wrong type. */
  | {
      /** Apply, then answer a body that breaks its schema. */
      kind: "schemaBreak";
    }
  /** A 429 `rate_limited` with all four headers; nothing is applied. */
  | {
      /** Answer 429 `rate_limited`. */
      kind: "rateLimited";
      /** The `Retry-After` to send, in seconds. */
      retryAfterSeconds?: number;
    }
  /** The request is applied, then answered 500 `transition_failed` (accepted but not completed). */
  | {
      /** Apply, then answer 500 `transition_failed`. */
      kind: "transitionFailed";
    };
