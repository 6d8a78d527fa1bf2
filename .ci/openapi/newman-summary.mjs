// Reads Newman's JSON report and prints the run's figures: requests, contract tests, variation
// and fuzzing cases, failures. Fails when any assertion failed, any request got a 5xx, or any
// connection was dropped (a request without a response).
import { readFileSync } from "node:fs";

const { run } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const executions = run.executions;
const folderOf = (execution) => execution.item.name;
const isFuzz = (execution) => /\[Fuzz\]/.test(folderOf(execution));
const isVariation = (execution) => /\]$/.test(folderOf(execution)) && !isFuzz(execution);
const contract = executions.filter((execution) => !isFuzz(execution) && !isVariation(execution));
const assertionsOf = (list) =>
  list.reduce((sum, execution) => sum + (execution.assertions?.length ?? 0), 0);
const serverErrors = executions.filter((execution) => (execution.response?.code ?? 0) >= 500);
const dropped = executions.filter((execution) => !execution.response || execution.requestError);
const refusedWithoutEnvelope = executions
  .filter((execution) => isFuzz(execution) || isVariation(execution))
  .filter((execution) => {
    const code = execution.response?.code ?? 0;
    if (code >= 200 && code < 300) return false; // a variation that creates on purpose
    try {
      const body = JSON.parse(Buffer.from(execution.response.stream.data).toString("utf8"));
      return !(code >= 400 && code < 500 && typeof body?.error?.code === "string");
    } catch {
      return true;
    }
  });

console.log(
  [
    `newman: ${run.stats.requests.total} requests, ${run.stats.assertions.total} assertions, ${run.stats.assertions.failed} failed`,
    `  contract: ${contract.length} requests, ${assertionsOf(contract)} assertions`,
    `  variations: ${executions.filter(isVariation).length} requests, ${assertionsOf(executions.filter(isVariation))} assertions`,
    `  fuzzing: ${executions.filter(isFuzz).length} requests, ${assertionsOf(executions.filter(isFuzz))} assertions`,
    `  5xx: ${serverErrors.length}, dropped: ${dropped.length}, 4xx without the envelope: ${refusedWithoutEnvelope.length}`,
  ].join("\n"),
);
for (const failure of run.failures) {
  console.log(
    `  FAIL ${failure.source?.name}: ${failure.error?.test ?? ""} ${failure.error?.message}`,
  );
}
if (
  run.failures.length > 0 ||
  serverErrors.length > 0 ||
  dropped.length > 0 ||
  refusedWithoutEnvelope.length > 0
) {
  process.exit(1);
}
