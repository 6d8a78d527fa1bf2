/**
 * Fault injection (`service.faults`): make matching requests fail the way networks, proxies and
 * servers do, to test retry and reconciliation logic. Faults are matched in the order added; the
 * first active one applies. What each kind does is in its own module beside this one.
 */
import { matchesPathFilter } from "../http/routes.js";
import { checkFault } from "./behaviours.js";
import type { FaultKind } from "./fault-kind.js";
import { seededRandom } from "./seeded-random.js";

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
  /**
   * The chance, above 0 and at most 1, that it applies to a matching request (default 1). A
   * request it skips does not count toward `times`.
   */
  probability?: number;
  /** Seeds the draws of `probability` (an integer), so the same requests are hit run after run. */
  seed?: number;
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
  readonly #owner: FaultRegistry;
  readonly #draw: (() => number) | undefined;
  constructor(
    readonly spec: FaultSpec,
    owner: FaultRegistry,
  ) {
    this.#owner = owner;
    this.remaining = spec.always ? Number.POSITIVE_INFINITY : (spec.times ?? 1);
    if (!(this.remaining > 0))
      throw new RangeError("faults.inject: times must be a positive integer");
    const { probability, seed } = spec;
    if (probability !== undefined && !(probability > 0 && probability <= 1))
      throw new RangeError(
        `faults.inject: probability must be above 0 and at most 1, got ${probability}`,
      );
    if (seed !== undefined && !Number.isInteger(seed))
      throw new RangeError(`faults.inject: seed must be an integer, got ${seed}`);
    this.#draw =
      probability === undefined || probability === 1
        ? undefined
        : seededRandom(seed ?? Math.floor(Math.random() * 4_294_967_296));
  }
  /** Whether it applies to this matching request: always, or when the seeded draw says so. */
  fires(): boolean {
    return this.#draw === undefined || this.#draw() < (this.spec.probability ?? 1);
  }
  matches(method: string, path: string): boolean {
    if (this.spec.method && this.spec.method.toUpperCase() !== method) return false;
    if (this.spec.path instanceof RegExp) return this.spec.path.test(path);
    return matchesPathFilter(this.spec.path, path);
  }
  remove(): void {
    this.#owner.remove(this);
  }
}

export class FaultRegistry implements FakeFaults {
  #faults: Fault[] = [];

  inject(spec: FaultSpec): FaultHandle {
    checkFault(spec);
    const fault = new Fault(spec, this);
    this.#faults.push(fault);
    return fault;
  }

  clear(): void {
    this.#faults = [];
  }

  get active(): readonly FaultHandle[] {
    return [...this.#faults];
  }

  remove(fault: Fault): void {
    this.#faults = this.#faults.filter((candidate) => candidate !== fault);
  }

  /** The fault for this request, used up by one. */
  take(method: string, path: string): FaultKind | undefined {
    const fault = this.#faults.find(
      (candidate) => candidate.matches(method, path) && candidate.fires(),
    );
    if (!fault) return undefined;
    fault.hits += 1;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.remove(fault);
    return fault.spec;
  }
}
