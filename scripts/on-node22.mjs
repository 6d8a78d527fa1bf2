#!/usr/bin/env node
// Runs a command on Node.js >= 22: the current node when it is new enough, otherwise Node 22
// fetched from the npm registry by npx. Plain JavaScript on purpose: it starts on older nodes.
//
// On an older node, npx only fetches Node 22 and says where it is; the command then runs here,
// with that node first on PATH and this process's own environment. It never runs inside npx:
// npx exports its own settings as npm_config_* variables (npm_config_call, npm_config_package,
// npm_config_yes, ...), and an `npx` in the command would read them as its own and stop with
// `npm error code EUSAGE`.
import { spawnSync } from "node:child_process";
import { delimiter, dirname } from "node:path";

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error("usage: node scripts/on-node22.mjs <command> [args...]");
  process.exit(2);
}

// What one npx run exports about itself; meaningless, and harmful, to any other npm or npx.
const NPX_OWN = ["npm_config_call", "npm_config_package", "npm_command"];

/** The environment without the variables an enclosing npx set for itself. */
function withoutNpxOwn(env) {
  const clean = { ...env };
  for (const name of Object.keys(clean))
    if (NPX_OWN.includes(name.toLowerCase())) delete clean[name];
  return clean;
}

/** The directory of a Node 22 binary, fetched by npx (cached by npm after the first run). */
function node22Directory() {
  const found = spawnSync(
    "npx",
    ["--yes", "--package", "node@22", "--call", "node -p process.execPath"],
    { env: withoutNpxOwn(process.env), stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" },
  );
  const path = found.stdout?.trim().split("\n").at(-1);
  if (found.error || found.status !== 0 || !path) {
    console.error(
      `on-node22: could not fetch Node 22 with npx${found.error ? `: ${found.error.message}` : ""}`,
    );
    process.exit(1);
  }
  return dirname(path);
}

const major = Number(process.versions.node.split(".")[0]);
const env = withoutNpxOwn(process.env);
if (major < 22) {
  const pathKey = Object.keys(env).find((name) => name.toUpperCase() === "PATH") ?? "PATH";
  env[pathKey] = [node22Directory(), env[pathKey]].filter(Boolean).join(delimiter);
}
const result = spawnSync(command[0], command.slice(1), { stdio: "inherit", env });

if (result.error) {
  console.error(result.error.message);
  process.exit(1);
}
process.exit(result.status ?? 1);
