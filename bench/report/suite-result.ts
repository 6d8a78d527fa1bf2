/** A cell of a result table. */
export type Cell = string | number | null;

/** One suite's figures: a titled table, kept as rows for `bench/results.json`. */
export interface SuiteResult {
  readonly id: string;
  readonly title: string;
  /** What was measured and how, in one or two sentences. */
  readonly method: string;
  readonly rows: ReadonlyArray<Record<string, Cell>>;
  readonly targets: readonly TargetCheck[];
  /** Set when the suite could not run (for example, the SDK is not built yet). */
  readonly skipped?: string;
}

/** A lean-ness target checked against this run's figures. */
export interface TargetCheck {
  readonly name: string;
  readonly measured: string;
  readonly target: string;
  readonly met: boolean;
}

/** A suite that could not run, with the reason. */
export function skippedSuite(id: string, title: string, reason: string): SuiteResult {
  return { id, title, method: "", rows: [], targets: [], skipped: reason };
}
