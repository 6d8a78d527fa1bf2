import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median } from "../measure/median.js";
import type { SuiteResult } from "../report/suite-result.js";
import { BUILT_SDK_ENTRY } from "../sdk/load-built-sdk.js";

const ROUNDS = 25;
const MAX_MILLIS = 30_000;
const MAX_RATIO_TO_DEPENDENCIES = 1.3;
const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A child script that imports `specifiers` in order and prints how long that took, in ms. */
function importProbe(specifiers: readonly string[]): string {
  const imports = specifiers
    .map((specifier) => `await import(${JSON.stringify(specifier)});`)
    .join(" ");
  return `const t0 = performance.now(); ${imports} process.stdout.write(String(performance.now() - t0));`;
}

interface ColdImport {
  readonly importMillis: number;
  readonly processMillis: number;
}

/** A fresh `node` per sample: nothing is cached in memory, as for a CLI or a serverless cold start. */
function coldImport(specifiers: readonly string[]): ColdImport {
  const startedAt = performance.now();
  const child = spawnSync(
    process.execPath,
    ["--input-type=module", "-e", importProbe(specifiers)],
    {
      cwd: PROJECT_ROOT,
      encoding: "utf8",
      timeout: 30_000,
    },
  );
  const processMillis = performance.now() - startedAt;
  if (child.status !== 0) throw new Error(`import probe failed: ${child.stderr}`);
  return { importMillis: Number(child.stdout), processMillis };
}

/**
 * Cold import of `dist/index.js` vs `ky` + `zod` alone, in alternating child processes; with
 * `baselineEntry` (`--baseline`), another build's `index.js` alternates with them.
 */
export function runStartupSuite(sdkBuilt: boolean, baselineEntry?: string): SuiteResult {
  const contenders = [
    { name: "import ky + zod", specifiers: ["ky", "zod"] },
    { name: "import node:http (node baseline)", specifiers: ["node:http"] },
    ...(sdkBuilt
      ? [{ name: "import dist/index.js", specifiers: [pathToFileURL(BUILT_SDK_ENTRY).href] }]
      : []),
    ...(baselineEntry
      ? [{ name: "import baseline index.js", specifiers: [pathToFileURL(baselineEntry).href] }]
      : []),
  ];
  const samples = contenders.map(() => [] as ColdImport[]);
  const startedAt = performance.now();
  for (let round = 0; round < ROUNDS && performance.now() - startedAt < MAX_MILLIS; round++) {
    for (let offset = 0; offset < contenders.length; offset++) {
      const index = (round + offset) % contenders.length;
      samples[index]!.push(coldImport(contenders[index]!.specifiers));
    }
  }
  const medians = samples.map((runs) => ({
    importMillis: median(runs.map((run) => run.importMillis)),
    processMillis: median(runs.map((run) => run.processMillis)),
    rounds: runs.length,
  }));
  const dependencies = medians[0]!;
  const rows = contenders.map((contender, index) => ({
    module: contender.name,
    "import ms": medians[index]!.importMillis,
    "whole process ms": medians[index]!.processMillis,
    "import ÷ ky+zod": medians[index]!.importMillis / dependencies.importMillis,
    rounds: medians[index]!.rounds,
  }));
  const targets = [];
  if (sdkBuilt) {
    const ratio = medians[2]!.importMillis / dependencies.importMillis;
    targets.push({
      name: "cold import of dist/index.js ÷ ky + zod",
      measured: `${ratio.toFixed(3)}x (${medians[2]!.importMillis.toFixed(1)} ms vs ${dependencies.importMillis.toFixed(1)} ms)`,
      target: `< ${MAX_RATIO_TO_DEPENDENCIES}x`,
      met: ratio < MAX_RATIO_TO_DEPENDENCIES,
    });
  }
  return {
    id: "startup",
    title: "Start-up: cold import in a fresh node process",
    method:
      "One child `node` per sample, contenders alternating, 25 rounds; `import ms` is timed inside the child around the dynamic imports, `whole process ms` is spawn to exit.",
    rows,
    targets,
  };
}
