// Min+gzip size of the SDK's ESM bundle, measured with esbuild's metafile and zlib gzip. Shared by
// the CI size check (bench/size.mjs) and the benchmark run.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** Packages the SDK depends on at run time; "without dependencies" leaves them external. */
export const RUNTIME_DEPENDENCIES = ["ky", "zod"];

/**
 * Bundles `entry` as ESM, minified and tree-shaken like a user's bundler would, and returns the
 * min and min+gzip byte counts plus the heaviest inputs from the metafile.
 * @param {{ entry: string; includeDependencies: boolean }} options
 */
export async function measureBundle({ entry, includeDependencies }) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    minify: true,
    treeShaking: true,
    platform: "neutral",
    target: "es2023",
    mainFields: ["module", "main"],
    external: includeDependencies ? [] : RUNTIME_DEPENDENCIES,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  const output = Object.values(result.metafile.outputs)[0];
  const heaviestInputs = Object.entries(output.inputs)
    .map(([path, { bytesInOutput }]) => ({ path, bytesInOutput }))
    .sort((a, b) => b.bytesInOutput - a.bytesInOutput)
    .slice(0, 8);
  return {
    minBytes: code.byteLength,
    minGzipBytes: gzipSync(code, { level: 9 }).byteLength,
    heaviestInputs,
  };
}
