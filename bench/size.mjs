#!/usr/bin/env node
import { readFileSync } from "node:fs";
// Size of the SDK's ESM bundle, against its budget (bench/size/budget.mjs); `--check` exits 1
// when the bundle without dependencies exceeds it.
// CI measures the built `dist/index.js` (`--entry dist/index.js`); the default entry is the source.
import { fileURLToPath } from "node:url";
import { BUDGET_MIN_GZIP_BYTES } from "./size/budget.mjs";
import { bundledPackages } from "./size/bundled-packages.mjs";
import { measureBundle } from "./size/measure-bundle.mjs";

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
  `  without ky/zod: ${kilobytes(withoutDependencies.minBytes)} min, ${kilobytes(withoutDependencies.minGzipBytes)} min+gzip`,
);
console.log(
  `  with ky/zod:    ${kilobytes(withDependencies.minBytes)} min, ${kilobytes(withDependencies.minGzipBytes)} min+gzip`,
);
console.log("  heaviest own inputs (bytes in the minified output):");
for (const input of withoutDependencies.heaviestInputs) {
  console.log(`    ${String(input.bytesInOutput).padStart(7)}  ${input.path}`);
}

const size = withoutDependencies.minGzipBytes;
const within = size <= BUDGET_MIN_GZIP_BYTES;
const margin = BUDGET_MIN_GZIP_BYTES - size;
console.log(
  `  budget ${kilobytes(BUDGET_MIN_GZIP_BYTES)}: ${within ? `met, ${margin} bytes to spare` : `EXCEEDED by ${-margin} bytes`}`,
);
// Every published file, not only the measured entry: the subpaths and the command too.
const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const publishedFiles = [
  ...Object.values(packageJson.exports).flatMap((target) =>
    typeof target === "object" && target !== null
      ? [target.import?.default, target.require?.default]
      : [],
  ),
  ...Object.values(packageJson.bin ?? {}),
].filter((file) => typeof file === "string" && /\.c?js$/.test(file));
const bundled = publishedFiles.flatMap((file) =>
  bundledPackages(file).map((name) => `${name} (in ${file})`),
);
console.log(
  `  packages bundled into the ${publishedFiles.length} published entries: ${bundled.length === 0 ? "none" : bundled.join(", ")}`,
);
if (options.check && bundled.length > 0) {
  console.error(
    `Bundled package code: ${bundled.join(", ")}. A package must be imported at run time (a dependency or an optional peer), never bundled: add it to tsup.config.ts's external list, or stop importing it there.`,
  );
  process.exit(1);
}
if (options.check && !within) {
  console.error(
    `Size budget exceeded: ${kilobytes(size)} min+gzip > ${kilobytes(BUDGET_MIN_GZIP_BYTES)}. Look at the heaviest inputs above.`,
  );
  process.exit(1);
}
