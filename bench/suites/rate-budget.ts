import { type SuiteResult, skippedSuite } from "../report/suite-result.js";

/** Placeholder until the contract fake and pacer are wired in. */
export async function runRateBudgetSuite(): Promise<SuiteResult> {
  return skippedSuite("rate-budget", "Rate budget", "not wired yet");
}
