/** What each kind of fault does, one entry per kind of {@link FaultKind}. */
import { sleep } from "../../../core/timers.js";
import { ApiFailure, type FakeOutcome, type FakeResponse } from "../http/fake-response.js";
import type { FaultKind } from "./fault-kind.js";

/** What a fault sees of a request before the model answers it. */
interface FaultContext {
  readonly now: Date;
  /** The caller's abort signal, if any. */
  readonly signal: AbortSignal | undefined;
}

/**
 * One kind of fault, with everything it does in one place. `before` runs before the model and
 * may answer instead of it (then nothing is applied); `after` runs once the model has answered
 * (and applied any write) and turns that answer into what the caller sees.
 */
interface FaultBehaviour<S extends FaultKind> {
  /** Refuses a spec that cannot work, when it is injected. */
  readonly check?: (spec: S) => void;
  /** Before the model: an outcome to send instead of asking it, or `undefined` to go on. */
  readonly before?: (
    spec: S,
    context: FaultContext,
  ) => FakeOutcome | undefined | Promise<FakeOutcome | undefined>;
  /** After the model: what the caller gets instead of `response`. */
  readonly after?: (spec: S, response: FakeResponse) => FakeOutcome;
}

/** Every kind of fault and its behaviour; the type makes a new kind without one a compile error. */
const BEHAVIOURS: { [K in FaultKind["kind"]]: FaultBehaviour<Extract<FaultKind, { kind: K }>> } = {
  /** Answers the given status, headers and body verbatim; nothing is applied. */
  status: {
    before: (spec) => respond(verbatim(spec.status, spec.body, spec.headers)),
  },
  /** A proxy's HTML error page (default 502); nothing is applied. */
  html: {
    before: (spec) => {
      const status = spec.status ?? 502;
      return respond({
        status,
        headers: { "content-type": "text/html" },
        body: `<!DOCTYPE html>\n<html><head><title>${status} Error</title></head><body><h1>${status}</h1><p>The upstream service did not answer.</p></body></html>\n`,
      });
    },
  },
  /** The model applies the request, then the connection drops unanswered. */
  dropAfterWrite: {
    after: () => ({ kind: "network-error", reason: "dropped" }),
  },
  /** The connection is refused before the request reaches the model. */
  refuseBeforeWrite: {
    before: () => ({ kind: "network-error", reason: "refused" }),
  },
  /** Waits `ms` of real time (less if the caller aborts), then the model answers. */
  delay: {
    check: (spec) => {
      if (!(spec.ms >= 0)) throw new RangeError("faults.inject: delay needs ms >= 0");
    },
    before: async (spec, { signal }) => {
      // The caller giving up does not stop the service: the model still answers a late caller.
      await sleep(spec.ms, signal).catch(() => {});
      return undefined;
    },
  },
  /** The model applies the request; its JSON answer is cut off halfway. */
  truncatedJson: {
    after: (_spec, response) => {
      const body = response.body ?? "{}";
      return respond({
        ...response,
        body: body.slice(0, Math.max(1, Math.floor(body.length / 2))),
      });
    },
  },
  /** The model applies the request; its answer has every top-level value mistyped. */
  schemaBreak: {
    after: (_spec, response) =>
      respond({
        ...response,
        headers: { ...response.headers, "content-type": "application/json" },
        body: breakSchema(response.body),
      }),
  },
  /** A 429 `rate_limited` with `Retry-After` and the three limit headers. */
  rateLimited: {
    before: (spec, { now }) => {
      const retryAfterSeconds = spec.retryAfterSeconds ?? 30;
      const failure = new ApiFailure(
        "rate_limited",
        `Rate limit exceeded. Retry in ${retryAfterSeconds} seconds.`,
        { retryAfterSeconds },
        {
          "retry-after": String(retryAfterSeconds),
          "x-ratelimit-limit": "60",
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": String(Math.ceil(now.getTime() / 1000) + retryAfterSeconds),
        },
      );
      return respond(failure.toResponse());
    },
  },
  /** The model applies the request, then it is answered 500 `transition_failed`. */
  transitionFailed: {
    after: () =>
      respond(
        new ApiFailure(
          "transition_failed",
          "The request was accepted but could not be completed; re-read the item before acting again.",
        ).toResponse(),
      ),
  },
};

function behaviourOf(spec: FaultKind): FaultBehaviour<FaultKind> {
  return BEHAVIOURS[spec.kind] as FaultBehaviour<FaultKind>;
}

/** Throws when `spec` cannot work (e.g. a negative delay), at injection time. */
export function checkFault(spec: FaultKind): void {
  behaviourOf(spec).check?.(spec);
}

/**
 * Before the model: an outcome that answers instead, or `undefined` to ask the model (always,
 * for a request no fault matched).
 */
export async function faultBefore(
  spec: FaultKind | undefined,
  context: FaultContext,
): Promise<FakeOutcome | undefined> {
  return spec && behaviourOf(spec).before?.(spec, context);
}

/** After the model: what the caller sees of its answer (the answer itself, without a fault). */
export function faultAfter(spec: FaultKind | undefined, response: FakeResponse): FakeOutcome {
  return (spec && behaviourOf(spec).after?.(spec, response)) ?? respond(response);
}

function respond(response: FakeResponse): FakeOutcome {
  return { kind: "response", response };
}

/** The body as given: nothing, a string as is, anything else as JSON. */
function verbatim(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): FakeResponse {
  if (body === undefined || body === null) return { status, headers: { ...headers }, body: null };
  if (typeof body === "string") return { status, headers: { ...headers }, body };
  return {
    status,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  };
}

/** A JSON body with every top-level value replaced by a wrong type (keys kept). */
function breakSchema(body: string | null): string {
  if (body === null) return JSON.stringify({ unexpected: true });
  try {
    const parsed = JSON.parse(body) as unknown;
    if (typeof parsed !== "object" || parsed === null)
      return JSON.stringify({ unexpected: parsed });
    const broken: Record<string, unknown> = {};
    for (const key of Object.keys(parsed)) broken[key] = 12345;
    if (Object.keys(broken).length === 0) broken.unexpected = true;
    return JSON.stringify(broken);
  } catch {
    return JSON.stringify({ unexpected: true });
  }
}
