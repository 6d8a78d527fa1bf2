import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { SuiteResult } from "../report/suite-result.js";
import { BUILT_SDK_ENTRY } from "../sdk/load-built-sdk.js";
import { BUDGET_MIN_GZIP_BYTES } from "../size/budget.mjs";
import { measureBundle } from "../size/measure-bundle.mjs";

const SOURCE_ENTRY = fileURLToPath(new URL("../../src/index.ts", import.meta.url));

const kilobytes = (bytes: number) => bytes / 1024;

/** Min and min+gzip of the ESM bundle, with ky/zod external and bundled, via esbuild's metafile. */
export async function runBundleSizeSuite(): Promise<SuiteResult> {
  const entries = [
    { name: "dist/index.js (snapshot)", path: BUILT_SDK_ENTRY },
    { name: "src/index.ts (sources, esbuild)", path: SOURCE_ENTRY },
  ].filter((entry) => existsSync(entry.path));
  const rows = [];
  let builtWithout: number | null = null;
  for (const entry of entries) {
    for (const includeDependencies of [false, true]) {
      const size = await measureBundle({ entry: entry.path, includeDependencies });
      if (entry.path === BUILT_SDK_ENTRY && !includeDependencies) builtWithout = size.minGzipBytes;
      rows.push({
        entry: entry.name,
        "ky + zod": includeDependencies ? "bundled" : "external",
        "min KB": kilobytes(size.minBytes),
        "min+gzip KB": kilobytes(size.minGzipBytes),
        "heaviest input": `${size.heaviestInputs[0]?.path ?? "—"} (${size.heaviestInputs[0]?.bytesInOutput ?? 0} B)`,
      });
    }
  }
  return {
    id: "bundle-size",
    title: "Size: ESM bundle, minified, tree-shaken",
    method:
      "esbuild bundle (format esm, minify, platform neutral, target es2023) of the entry; gzip level 9.",
    rows,
    targets:
      builtWithout === null
        ? []
        : [
            {
              name: "ESM bundle without dependencies, min+gzip",
              measured: `${kilobytes(builtWithout).toFixed(2)} KB`,
              target: `≤ ${kilobytes(BUDGET_MIN_GZIP_BYTES)} KB`,
              met: builtWithout <= BUDGET_MIN_GZIP_BYTES,
            },
          ],
  };
}
