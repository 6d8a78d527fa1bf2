/**
 * Fault injection (`service.faults`): make matching requests fail the way networks, proxies and
 * servers do, to test retry and reconciliation logic. Faults are matched in the order added; the
 * first active one applies.
 */
import { matchPattern } from "./routes.js";

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

/** Where a fault applies and how often. */
export interface FaultMatch {
  /** HTTP method; any method when omitted. */
  method?: string;
  /**
   * A path under `/api/v1` such as `/content` or `/content/:id/schedule` (`*` matches any one
   * segment), or a RegExp tested against that path.
   */
  path: string | RegExp;
  /** How many matching requests it applies to (default 1). */
  times?: number;
  /** Applies to every matching request until removed. */
  always?: boolean;
}

/** A fault to inject: what it does ({@link FaultKind}) and where ({@link FaultMatch}). */
export type FaultSpec = FaultKind & FaultMatch;

/** A fault that was injected. */
export interface FaultHandle {
  /** The fault as injected. */
  readonly spec: FaultSpec;
  /** Matching requests it will still apply to (`Infinity` for `always`). */
  readonly remaining: number;
  /** How many requests it has applied to. */
  readonly hits: number;
  /** Stops applying it. */
  remove(): void;
}

/** The faults controller of a fake service. */
export interface FakeFaults {
  /** Injects a fault; see {@link FaultKind} for what each kind does. */
  inject(spec: FaultSpec): FaultHandle;
  /** Removes every fault. */
  clear(): void;
  /** Faults that still apply. */
  readonly active: readonly FaultHandle[];
}

class Fault implements FaultHandle {
  remaining: number;
  hits = 0;
  constructor(
    readonly spec: FaultSpec,
    private readonly owner: FaultRegistry,
  ) {
    this.remaining = spec.always ? Number.POSITIVE_INFINITY : (spec.times ?? 1);
    if (!(this.remaining > 0))
      throw new RangeError("faults.inject: times must be a positive integer");
  }
  matches(method: string, path: string): boolean {
    if (this.spec.method && this.spec.method.toUpperCase() !== method) return false;
    if (this.spec.path instanceof RegExp) return this.spec.path.test(path);
    const pattern = this.spec.path.replace(/^\/api\/v1(?=\/)/, "").replace(/\*/g, ":any");
    return matchPattern(pattern, path) !== null;
  }
  remove(): void {
    this.owner.remove(this);
  }
}

export class FaultRegistry implements FakeFaults {
  private faults: Fault[] = [];

  inject(spec: FaultSpec): FaultHandle {
    if (spec.kind === "delay" && !(spec.ms >= 0))
      throw new RangeError("faults.inject: delay needs ms >= 0");
    const fault = new Fault(spec, this);
    this.faults.push(fault);
    return fault;
  }

  clear(): void {
    this.faults = [];
  }

  get active(): readonly FaultHandle[] {
    return [...this.faults];
  }

  remove(fault: Fault): void {
    this.faults = this.faults.filter((candidate) => candidate !== fault);
  }

  /** The fault for this request, used up by one. */
  take(method: string, path: string): FaultKind | undefined {
    const fault = this.faults.find((candidate) => candidate.matches(method, path));
    if (!fault) return undefined;
    fault.hits += 1;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.remove(fault);
    return fault.spec;
  }
}

/** The HTML page a misbehaving proxy serves. */
export function htmlErrorPage(status: number): string {
  return `<!DOCTYPE html>\n<html><head><title>${status} Error</title></head><body><h1>${status}</h1><p>The upstream service did not answer.</p></body></html>\n`;
}

/** A JSON body with every top-level value replaced by a wrong type (keys kept). */
export function breakSchema(body: string | null): string {
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
