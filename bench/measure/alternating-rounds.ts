import { median, quantile } from "./median.js";

/** One side of a comparison: an async operation measured per call. */
export interface Contender {
  readonly name: string;
  call(): Promise<unknown>;
}

/** Bounds of a comparison: every loop stops at whichever limit comes first. */
export interface RoundLimits {
  /** Calls per contender per round, made back to back; the round's figure is their mean. */
  readonly callsPerRound: number;
  readonly maxRounds: number;
  /** Rounds stop starting once this much wall time has passed (at least 3 rounds run). */
  readonly maxMillis: number;
  /** Calls per contender before measuring, so JIT and connection pools are warm. */
  readonly warmupCalls: number;
}

/** Per-call medians over rounds, in microseconds. */
export interface ContenderResult {
  readonly name: string;
  /** Median over rounds of wall time per call. */
  readonly wallMicros: number;
  /** Median over rounds of this process's CPU time (user + system) per call. */
  readonly cpuMicros: number;
  readonly rounds: number;
  readonly callsPerRound: number;
  /** Per-round figures, in round order, for ratios paired round by round. */
  readonly wallPerRound: readonly number[];
  readonly cpuPerRound: readonly number[];
}

/**
 * The median over rounds of `a ÷ b` taken within each round: both ran back to back, so load that
 * drifts across the run cancels out better than in a ratio of medians.
 */
export function pairedRatio(
  a: ContenderResult,
  b: ContenderResult,
  figure: "wall" | "cpu",
): number {
  return pairedRatioSpread(a, b, figure).median;
}

/** The paired ratio's spread over rounds: the quartiles and the extremes of `a ÷ b`. */
export interface RatioSpread {
  readonly median: number;
  readonly q1: number;
  readonly q3: number;
  readonly min: number;
  readonly max: number;
}

/** {@link pairedRatio} with its spread over rounds, for printing `1.06x (1.03–1.09)`. */
export function pairedRatioSpread(
  a: ContenderResult,
  b: ContenderResult,
  figure: "wall" | "cpu",
): RatioSpread {
  const numerators = figure === "wall" ? a.wallPerRound : a.cpuPerRound;
  const denominators = figure === "wall" ? b.wallPerRound : b.cpuPerRound;
  const ratios = numerators.map((value, round) => value / denominators[round]!);
  return {
    median: median(ratios),
    q1: quantile(ratios, 0.25),
    q3: quantile(ratios, 0.75),
    min: Math.min(...ratios),
    max: Math.max(...ratios),
  };
}

/** `1.064x (IQR 1.041–1.082, range 0.99–1.13)`. */
export function formatSpread(spread: RatioSpread): string {
  const f = (value: number) => value.toFixed(3);
  return `${f(spread.median)}x (IQR ${f(spread.q1)}–${f(spread.q3)}, range ${spread.min.toFixed(2)}–${spread.max.toFixed(2)})`;
}

const MIN_ROUNDS = 3;

/** `gc()` when the process runs with `--expose-gc` (as `npm run bench` does). */
const collectGarbage = (globalThis as { gc?: (options?: { type: "minor" | "major" }) => void }).gc;

/**
 * `calls` sequential calls of one contender. A young-generation collection first, so the
 * collections this block triggers are paid for by the garbage it made itself, not by the
 * garbage of the contender before it.
 */
async function timeBlock(contender: Contender, calls: number) {
  collectGarbage?.({ type: "minor" });
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  for (let index = 0; index < calls; index++) await contender.call();
  const wallMicros = ((performance.now() - wallBefore) * 1000) / calls;
  const cpu = process.cpuUsage(cpuBefore);
  return { wallMicros, cpuMicros: (cpu.user + cpu.system) / calls };
}

/**
 * Runs the contenders in alternating rounds (the order rotates each round), so drift in machine
 * load lands on every contender alike, and reports per-call medians over rounds. Within a round
 * each contender makes its calls back to back: interleaving call by call would bill one
 * contender's garbage collections to the next.
 */
export async function runAlternatingRounds(
  contenders: readonly Contender[],
  limits: RoundLimits,
): Promise<ContenderResult[]> {
  for (const contender of contenders) {
    for (let index = 0; index < limits.warmupCalls; index++) await contender.call();
  }
  const wall = contenders.map(() => [] as number[]);
  const cpu = contenders.map(() => [] as number[]);
  const startedAt = performance.now();
  let round = 0;
  while (
    round < limits.maxRounds &&
    (round < MIN_ROUNDS || performance.now() - startedAt < limits.maxMillis)
  ) {
    for (let offset = 0; offset < contenders.length; offset++) {
      const index = (round + offset) % contenders.length;
      const figures = await timeBlock(contenders[index]!, limits.callsPerRound);
      wall[index]!.push(figures.wallMicros);
      cpu[index]!.push(figures.cpuMicros);
    }
    round++;
  }
  return contenders.map((contender, index) => ({
    name: contender.name,
    wallMicros: median(wall[index]!),
    cpuMicros: median(cpu[index]!),
    rounds: round,
    callsPerRound: limits.callsPerRound,
    wallPerRound: wall[index]!,
    cpuPerRound: cpu[index]!,
  }));
}

/**
 * The results of several runs of the same contenders as one: their rounds pooled in run order,
 * so a paired ratio still divides figures of one round, and medians are over every round.
 */
export function poolRuns(runs: readonly (readonly ContenderResult[])[]): ContenderResult[] {
  const [first = []] = runs;
  return first.map((result, index) => {
    const wallPerRound = runs.flatMap((run) => run[index]!.wallPerRound);
    const cpuPerRound = runs.flatMap((run) => run[index]!.cpuPerRound);
    return {
      name: result.name,
      wallMicros: median(wallPerRound),
      cpuMicros: median(cpuPerRound),
      rounds: wallPerRound.length,
      callsPerRound: result.callsPerRound,
      wallPerRound,
      cpuPerRound,
    };
  });
}
