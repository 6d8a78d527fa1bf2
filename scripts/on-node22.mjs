#!/usr/bin/env node
// Runs a command on Node.js >= 22: the current node when it is new enough, otherwise Node 22
// fetched from the npm registry by npx. Plain JavaScript on purpose: it starts on older nodes.
import { spawnSync } from "node:child_process";

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error("usage: node scripts/on-node22.mjs <command> [args...]");
  process.exit(2);
}

const major = Number(process.versions.node.split(".")[0]);
const quote = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);

const result =
  major >= 22
    ? spawnSync(command[0], command.slice(1), { stdio: "inherit" })
    : spawnSync("npx", ["--yes", "--package", "node@22", "--call", command.map(quote).join(" ")], {
        stdio: "inherit",
      });

if (result.error) {
  console.error(result.error.message);
  process.exit(1);
}
process.exit(result.status ?? 1);
