/**
 * How an example says it skipped itself, because what it needs is not there (a Redis server, a
 * key): a distinct exit code, which `run-all.ts` reports as SKIP rather than PASS.
 */

/** The exit code of an example that skipped itself (the one test harnesses such as automake use). */
export const SKIPPED_EXIT_CODE = 77;

/** Says why the example is skipped, and makes it exit as skipped once it returns. */
export function skipExample(title: string, why: string): void {
  console.log(`${title}: skipped, ${why}`);
  process.exitCode = SKIPPED_EXIT_CODE;
}
