#!/usr/bin/env node
// Size budget of the SDK's ESM bundle. `--check` exits 1 when the bundle without dependencies
// exceeds the budget; it bundles `src/index.ts` directly with esbuild so CI needs no build first.
import { fileURLToPath } from "node:url";
import { measureBundle } from "./size/measure-bundle.mjs";

/** Budget for min+gzip of the ESM bundle with `ky` and `zod` left external. */
export const BUDGET_MIN_GZIP_BYTES = 12 * 1024;

const DEFAULT_ENTRY = fileURLToPath(new URL("../src/index.ts", import.meta.url));

function parseArguments(argv) {
  const options = { check: false, entry: DEFAULT_ENTRY };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === "--check") options.check = true;
    else if (argument === "--entry") options.entry = argv[++index];
    else throw new Error(`Unknown argument ${argument}; expected --check or --entry <file>.`);
  }
  if (!options.entry) throw new Error("--entry needs a file path.");
  return options;
}

const kilobytes = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

const options = parseArguments(process.argv.slice(2));
const withoutDependencies = await measureBundle({
  entry: options.entry,
  includeDependencies: false,
});
const withDependencies = await measureBundle({ entry: options.entry, includeDependencies: true });

console.log(`ESM bundle of ${options.entry}`);
console.log(
  `  without ky/zod: ${kilobytes(withoutDependencies.minBytes)} min, ${kilobytes(withoutDependencies.minGzipBytes)} min+gzip (budget ${kilobytes(BUDGET_MIN_GZIP_BYTES)})`,
);
console.log(
  `  with ky/zod:    ${kilobytes(withDependencies.minBytes)} min, ${kilobytes(withDependencies.minGzipBytes)} min+gzip`,
);
console.log("  heaviest own inputs (bytes in the minified output):");
for (const input of withoutDependencies.heaviestInputs) {
  console.log(`    ${String(input.bytesInOutput).padStart(7)}  ${input.path}`);
}

if (options.check && withoutDependencies.minGzipBytes > BUDGET_MIN_GZIP_BYTES) {
  console.error(
    `Size budget exceeded: ${kilobytes(withoutDependencies.minGzipBytes)} min+gzip > ${kilobytes(BUDGET_MIN_GZIP_BYTES)}. Look at the heaviest inputs above.`,
  );
  process.exit(1);
}
