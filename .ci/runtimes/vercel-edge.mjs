// Vercel Edge runtime smoke test of the BUILT package: the program (edge-program.mjs) runs in
// `edge-runtime` (the VM with the Edge runtime's globals only: no `process`, no `require`)
// against `postline fake` on loopback. edge-runtime comes from the npm registry into a
// directory given by EDGE_RUNTIME_DIR (run-matrix.sh provisions it).
//   EDGE_RUNTIME_DIR=.ci/.cache/edge-runtime node .ci/runtimes/vercel-edge.mjs
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { bundleProgram, runSteps, startPostlineFake } from "./edge-host.mjs";

const dir = resolve(process.env.EDGE_RUNTIME_DIR ?? ".ci/.cache/edge-runtime");
const edgeRequire = createRequire(`${dir}/`);
const { EdgeRuntime } = await import(edgeRequire.resolve("edge-runtime"));

const initialCode = await bundleProgram({
  wrapper: `import { handle } from "./edge-program.mjs";
addEventListener("fetch", (event) => event.respondWith(handle(event.request)));`,
  format: "iife",
  // Next.js's conditions for the Edge runtime.
  conditions: ["edge-light", "worker", "browser"],
});
const fake = await startPostlineFake();
let exitCode = 1;
try {
  const runtime = new EdgeRuntime({ initialCode });
  if (typeof runtime.context.process !== "undefined") throw new Error("process is defined");
  const started = Date.now();
  await runSteps(fake, async (url, init) => {
    const response = await runtime.dispatchFetch(url, init);
    await response.waitUntil();
    return response;
  });
  const version = edgeRequire("edge-runtime/package.json").version;
  console.log(`  (edge-runtime ${version}, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.log("vercel edge smoke ok");
  exitCode = 0;
} catch (error) {
  console.error(`vercel edge smoke FAILED: ${error?.stack ?? error}`);
} finally {
  await fake.stop();
}
process.exit(exitCode);
