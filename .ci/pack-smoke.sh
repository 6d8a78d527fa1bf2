#!/usr/bin/env bash
# Install the packed tarball into a scratch project and import it from ESM and CJS.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tarball=$(cd "$root" && npm pack --silent --pack-destination "$scratch" | tail -n 1)
cd "$scratch"
npm init -y >/dev/null
npm install --no-audit --no-fund --loglevel=error "./$tarball" msw >/dev/null
cat > esm.mjs <<'JS'
import { Postline, AcknowledgmentRequiredError, ConflictError } from "@postline/sdk";
import { createFakeService } from "@postline/sdk/testing";
import { tools, runTool } from "@postline/sdk/tools";
if (typeof Postline !== "function") throw new Error("ESM: Postline missing");
if (!(new AcknowledgmentRequiredError({ status: 409, code: "validation_error", message: "x" }) instanceof ConflictError)) throw new Error("ESM: class tree broken");
if (typeof createFakeService !== "function" || !Array.isArray(tools) || typeof runTool !== "function") throw new Error("ESM: subpaths missing");
console.log("ESM import ok");
JS
cat > cjs.cjs <<'JS'
const { Postline, AcknowledgmentRequiredError } = require("@postline/sdk");
const { createFakeService } = require("@postline/sdk/testing");
const { tools, runTool } = require("@postline/sdk/tools");
if (typeof Postline !== "function" || typeof AcknowledgmentRequiredError !== "function") throw new Error("CJS: exports missing");
if (typeof createFakeService !== "function" || !Array.isArray(tools) || typeof runTool !== "function") throw new Error("CJS: subpaths missing");
console.log("CJS require ok");
JS
node esm.mjs
node cjs.cjs
