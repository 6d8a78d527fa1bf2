#!/usr/bin/env node
/**
 * The `postline` command (package.json `bin`).
 *
 * It checks the node first, in code an old node still parses and runs: the command itself is
 * loaded only afterwards, since on Node 18 or 20 it fails while loading (`crypto.getRandomValues`,
 * `Promise.withResolvers`) with a stack instead of a reason.
 */

const REQUIRED_NODE_MAJOR = 22;

const nodeVersion = process.versions.node;
if (Number(nodeVersion.split(".")[0]) < REQUIRED_NODE_MAJOR) {
  process.stderr.write(
    `postline: needs Node.js ${REQUIRED_NODE_MAJOR} or newer (this is Node ${nodeVersion}). Run it on Node ${REQUIRED_NODE_MAJOR} from the npm registry: npx -y -p node@${REQUIRED_NODE_MAJOR} -- postline <command>\n`,
  );
  process.exit(1);
}

const [{ runCli }, { processIO }] = await Promise.all([import("./run-cli.js"), import("./io.js")]);
process.exitCode = await runCli(process.argv.slice(2), processIO());

// A module (top-level await), with nothing imported before the check above.
export {};
