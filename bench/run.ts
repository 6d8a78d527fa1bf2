// `npm run bench`: builds, then measures the SDK against raw fetch, bare ky and openai, prints a
// table per suite and writes bench/results.json. `--only id,id` runs a subset; `--baseline
// <dir>` also runs another build's `index.js` in the per-call suite (a dist/ copied under
// node_modules/, so ky and zod resolve), for a before/after measured in one run; `--runs <n>`
// repeats the per-call comparison n times and reports it over all of them.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describeMachine } from "./report/machine.js";
import { formatSuite } from "./report/print-table.js";
import { type SuiteResult, skippedSuite } from "./report/suite-result.js";
import { loadBuiltSdk, loadBuiltTesting, snapshotBuild } from "./sdk/load-built-sdk.js";
import { startStubServer } from "./stub/start-stub-server.js";
import { runBundleSizeSuite } from "./suites/bundle-size.js";
import { runKyConfigurationSuite } from "./suites/ky-configurations.js";
import { runPacingKeysSuite } from "./suites/pacing-keys.js";
import { runPaginationSuite } from "./suites/pagination.js";
import { runPerCallSuite } from "./suites/per-call.js";
import { runRateBudgetSuite } from "./suites/rate-budget.js";
import { runStartupSuite } from "./suites/startup.js";
import { runValidationSuite } from "./suites/validation.js";

const RESULTS_FILE = fileURLToPath(new URL("./results.json", import.meta.url));
const SUITE_IDS = [
  "per-call",
  "ky-configurations",
  "validation",
  "pagination",
  "rate-budget",
  "pacing-keys",
  "startup",
  "size",
] as const;
type SuiteId = (typeof SUITE_IDS)[number];

function selectedSuites(argv: readonly string[]): ReadonlySet<SuiteId> {
  const at = argv.indexOf("--only");
  if (at === -1) return new Set(SUITE_IDS);
  const wanted = (argv[at + 1] ?? "").split(",").filter(Boolean);
  const unknown = wanted.filter((id) => !(SUITE_IDS as readonly string[]).includes(id));
  if (wanted.length === 0 || unknown.length > 0) {
    throw new Error(
      `--only takes a comma-separated list of ${SUITE_IDS.join(", ")}; got ${argv[at + 1]}`,
    );
  }
  return new Set(wanted as SuiteId[]);
}

/** The entry of the build named by `--baseline <dir>`, if any. */
function baselineEntry(argv: readonly string[]): string | undefined {
  const at = argv.indexOf("--baseline");
  const directory = at === -1 ? undefined : argv[at + 1];
  return directory === undefined ? undefined : resolve(directory, "index.js");
}

/** `--runs <n>`: how many times the per-call suite repeats its comparison (1 without it). */
function perCallRuns(argv: readonly string[]): number {
  const at = argv.indexOf("--runs");
  if (at === -1) return 1;
  const runs = Number(argv[at + 1]);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
    throw new Error(`--runs takes a whole number from 1 to 20; got ${argv[at + 1]}`);
  }
  return runs;
}

/** The build named by `--baseline <dir>`, if any; a missing or broken one stops the run. */
async function baselineSdk(argv: readonly string[]) {
  const at = argv.indexOf("--baseline");
  if (at === -1) return undefined;
  const directory = argv[at + 1];
  if (!directory) throw new Error("--baseline takes the directory of a built dist/");
  const loaded = await loadBuiltSdk(baselineEntry(argv) ?? directory);
  if (!loaded.ok) throw new Error(`--baseline: ${loaded.reason}`);
  return loaded.sdk;
}

async function main(): Promise<void> {
  const only = selectedSuites(process.argv.slice(2));
  snapshotBuild();
  const loaded = await loadBuiltSdk();
  const sdk = loaded.ok ? loaded.sdk : null;
  if (!loaded.ok) console.warn(`SDK not measured: ${loaded.reason}`);
  const machine = describeMachine();
  console.log(`${machine.cpuModel}, ${machine.nproc} CPUs, Node ${machine.node}`);

  const suites: SuiteResult[] = [];
  const record = (suite: SuiteResult) => {
    suites.push(suite);
    console.log(formatSuite(suite));
  };

  const stub = await startStubServer();
  try {
    let perCallFigures = { sdkGetWallMicros: null, sdkListPageWallMicros: null } as Parameters<
      typeof runValidationSuite
    >[0];
    if (only.has("per-call")) {
      const perCall = await runPerCallSuite(
        stub.origin,
        sdk,
        await baselineSdk(process.argv),
        perCallRuns(process.argv),
      );
      perCall.suites.forEach(record);
      perCallFigures = perCall.figures;
    }
    if (only.has("ky-configurations")) record(await runKyConfigurationSuite(stub.origin));
    if (only.has("validation")) record(runValidationSuite(perCallFigures));
    if (only.has("pagination")) record(await runPaginationSuite(stub, sdk));
  } finally {
    await stub.stop();
  }
  if (only.has("rate-budget")) {
    const testing = await loadBuiltTesting();
    record(await runRateBudgetSuite(sdk, testing.ok ? testing.testing : null));
  }
  if (only.has("pacing-keys")) record(await runPacingKeysSuite());
  if (only.has("startup")) record(runStartupSuite(sdk !== null, baselineEntry(process.argv)));
  if (only.has("size")) record(await runBundleSizeSuite());
  if (!sdk) record(skippedSuite("sdk", "SDK", loaded.ok ? "" : loaded.reason));

  const targets = suites.flatMap((suite) => suite.targets);
  const missed = targets.filter((target) => !target.met);
  console.log(
    `\n${targets.length - missed.length}/${targets.length} targets met${missed.length ? `; missed: ${missed.map((target) => target.name).join("; ")}` : ""}`,
  );
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ date: new Date().toISOString(), machine, suites, targets }, null, 2)}\n`,
  );
  console.log(`wrote ${RESULTS_FILE}`);
}

await main();
