// Cloudflare Workers smoke test of the BUILT package: the program (edge-program.mjs) runs as a
// module Worker in workerd, locally through Miniflare, without `nodejs_compat`, against
// `postline fake` on loopback. Miniflare comes from the npm registry into a directory given by
// MINIFLARE_DIR (run-matrix.sh provisions it); workerd's binary arrives in its platform package.
//   MINIFLARE_DIR=.ci/.cache/miniflare node .ci/runtimes/workers.mjs
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { bundleProgram, runSteps, startPostlineFake } from "./edge-host.mjs";

const dir = resolve(process.env.MINIFLARE_DIR ?? ".ci/.cache/miniflare");
const { Miniflare } = await import(createRequire(`${dir}/`).resolve("miniflare"));

const script = await bundleProgram({
  wrapper: 'import { handle } from "./edge-program.mjs"; export default { fetch: handle };',
  format: "esm",
  // Wrangler's conditions for a Worker.
  conditions: ["workerd", "worker", "browser"],
});
const fake = await startPostlineFake();
const mf = new Miniflare({ modules: true, script, compatibilityDate: "2026-04-01" });
let exitCode = 1;
try {
  const started = Date.now();
  await runSteps(fake, (url, init) => mf.dispatchFetch(url, init));
  const version = createRequire(`${dir}/`)("miniflare/package.json").version;
  console.log(`  (Miniflare ${version}, workerd, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.log("workers smoke ok");
  exitCode = 0;
} catch (error) {
  console.error(`workers smoke FAILED: ${error?.stack ?? error}`);
} finally {
  await mf.dispose();
  await fake.stop();
}
process.exit(exitCode);
