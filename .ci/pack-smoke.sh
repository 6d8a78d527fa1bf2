#!/usr/bin/env bash
# Installs the packed tarball into a scratch project and uses it from ESM and from CJS: a draft
# against the fake over real HTTP, a list, a typed error, the subpaths, and the `postline` command
# (its `mcp --fake` driven by the official MCP client, v2, in both protocol revisions). It also
# checks that the files written for language models ship: the agent skill, llms.txt and
# llms-full.txt, named by package.json; and the MCP Registry entry, server.json, with mcpName.
#
# It packs a clean copy of the repository, as a clone holds it (no dist/; node_modules linked to
# the repository's, as `npm ci` would install them): `npm pack` itself must build what it ships
# (the `prepack` script), never ship a package without dist/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# shellcheck source=clean-copy.sh
. "$root/.ci/clean-copy.sh"
clean_copy "$root" "$scratch/clone"
ln -s "$root/node_modules" "$scratch/clone/node_modules"
tarball=$(cd "$scratch/clone" && npm pack --silent --pack-destination "$scratch" | tail -n 1)
shipped=$(tar -tzf "$scratch/$tarball")
for file in dist/index.js dist/index.cjs dist/index.d.ts dist/testing/index.js dist/cli/postline.js dist/openapi.json; do
  if ! grep -qx "package/$file" <<<"$shipped"; then
    echo "pack-smoke: npm pack on a tree without dist/ shipped no $file ($(wc -l <<<"$shipped") files)" >&2
    exit 1
  fi
done
echo "packed from a tree without dist/: $(wc -l <<<"$shipped") files, dist/ built by prepack"
cd "$scratch"
npm init -y >/dev/null
npm install --no-audit --no-fund --loglevel=error "./$tarball" msw \
  @modelcontextprotocol/server @modelcontextprotocol/client >/dev/null

installed=node_modules/@postline/sdk
for file in skills/postline/SKILL.md llms.txt llms-full.txt server.json; do
  if ! cmp -s "$root/$file" "$installed/$file"; then
    echo "pack-smoke: $file is missing from the tarball, or unlike the repository's" >&2
    exit 1
  fi
done
node -e '
const pkg = require("@postline/sdk/package.json");
const { existsSync } = require("node:fs");
for (const [field, file] of [["llms", "llms.txt"], ["llmsFull", "llms-full.txt"]]) {
  const path = require("node:path").join("node_modules/@postline/sdk", pkg[field] ?? "");
  if (pkg[field] !== `./${file}` || !existsSync(path))
    throw new Error(`package.json ${field} is ${pkg[field]}, not ./${file} in the package`);
}
const entry = JSON.parse(require("node:fs").readFileSync("node_modules/@postline/sdk/server.json", "utf8"));
if (pkg.mcpName !== entry.name)
  throw new Error(`package.json mcpName is ${pkg.mcpName}, not the name in server.json, ${entry.name}`);
console.log("packed: skills/postline/SKILL.md, llms.txt and llms-full.txt, named by llms and llmsFull; server.json, named by mcpName");
'

cat > esm.mjs <<'JS'
import { AcknowledgmentRequiredError, ConflictError, NotFoundError, Postline } from "@postline/sdk";
import { CONTENT_STATUSES, ContentItemSchema } from "@postline/sdk/schemas";
import { createFakeService, startFakeServer } from "@postline/sdk/testing";
import { runTool, tools } from "@postline/sdk/tools";
import { errorFromMcp } from "@postline/sdk/mcp";
import { execFileSync } from "node:child_process";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const service = createFakeService();
const server = await startFakeServer(service, { port: 0 });
try {
  const client = new Postline({ apiKey: service.defaults.apiKey, baseURL: server.url });
  const [channelId] = service.defaults.channelIds;
  const draft = await client.content.createDraft({ channelId, body: "We delve into ESM." });
  const listed = await client.content.list().toArray({ max: 100 });
  if (!listed.some((item) => item.id === draft.id)) throw new Error("ESM: draft not listed");
  if (ContentItemSchema.parse(draft).id !== draft.id || !CONTENT_STATUSES.includes(draft.status))
    throw new Error("ESM: schemas subpath failed");
  const refused = await client.content.approve(draft.id).catch((error) => error);
  if (!(refused instanceof AcknowledgmentRequiredError && refused instanceof ConflictError))
    throw new Error(`ESM: expected AcknowledgmentRequiredError, got ${refused}`);
  const missing = await client.content.get("nope").catch((error) => error);
  if (!(missing instanceof NotFoundError)) throw new Error(`ESM: expected NotFoundError, got ${missing}`);
  const viaTool = await runTool(client, "get_content", { id: draft.id });
  if (!tools.length || viaTool.error) throw new Error("ESM: tools subpath failed");
  const { createRequire } = await import("node:module");
  const shipped = createRequire(import.meta.url)("@postline/sdk/openapi.json");
  const served = await (await fetch(`${server.url}/api/v1/openapi.json`)).json();
  if (shipped.openapi !== "3.1.0" || JSON.stringify(served.paths) !== JSON.stringify(shipped.paths))
    throw new Error("ESM: @postline/sdk/openapi.json missing or unlike what the fake serves");
  console.log("ESM import ok: create, list, schemas, AcknowledgmentRequiredError, NotFoundError, tools, openapi.json");
} finally {
  await server.close();
}

// The installed bin, as a user's shell or an MCP host runs it.
const postline = "node_modules/.bin/postline";
const version = execFileSync(postline, ["--version"], { encoding: "utf8" }).trim();
if (!/^\d+\.\d+\.\d+/.test(version)) throw new Error(`postline --version printed ${version}`);
// The 2025 handshake (the client's default) and 2026-07-28 (pinned), on the same command.
for (const mode of ["legacy", { pin: "2026-07-28" }]) {
  const mcp = new Client({ name: "pack-smoke", version: "1.0.0" }, { versionNegotiation: { mode } });
  await mcp.connect(new StdioClientTransport({ command: postline, args: ["mcp", "--fake"] }));
  try {
    const names = (await mcp.listTools()).tools.map((tool) => tool.name);
    if (!names.includes("create_content_draft")) throw new Error(`postline mcp tools: ${names}`);
    const refused = await mcp.callTool({ name: "create_content_draft", arguments: { body: "x" } });
    const error = errorFromMcp(refused);
    if (error?.name !== "ValidationError" || !error.channels?.length)
      throw new Error(`postline mcp: expected a ValidationError with channels, got ${error}`);
    const revision = mcp.getNegotiatedProtocolVersion();
    console.log(`postline ${version} ok: --version, mcp --fake over stdio (${revision}), errorFromMcp`);
  } finally {
    await mcp.close();
  }
}
JS

cat > cjs.cjs <<'JS'
const { NotFoundError, Postline } = require("@postline/sdk");
const { ContentItemSchema } = require("@postline/sdk/schemas");
const { createFakeService, startFakeServer } = require("@postline/sdk/testing");
const { tools } = require("@postline/sdk/tools");
const { errorFromMcp } = require("@postline/sdk/mcp");

(async () => {
  const service = createFakeService();
  const server = await startFakeServer(service, { port: 0 });
  try {
    const client = new Postline({ apiKey: service.defaults.apiKey, baseURL: server.url });
    const [channelId] = service.defaults.channelIds;
    const draft = await client.content.createDraft({ channelId, body: "Hello from CJS" });
    const page = await client.content.listPage({ limit: 10 });
    if (!page.items.some((item) => item.id === draft.id)) throw new Error("CJS: draft not listed");
    if (ContentItemSchema.parse(draft).id !== draft.id) throw new Error("CJS: schemas subpath failed");
    const missing = await client.content.get("nope").catch((error) => error);
    if (!(missing instanceof NotFoundError)) throw new Error(`CJS: expected NotFoundError, got ${missing}`);
    if (!tools.length) throw new Error("CJS: tools subpath failed");
    const text = JSON.stringify({ error: { code: "not_found", message: "No such item." } });
    const fromMcp = errorFromMcp({ content: [{ type: "text", text }], isError: true });
    if (!(fromMcp instanceof NotFoundError)) throw new Error(`CJS: errorFromMcp gave ${fromMcp}`);
    console.log("CJS require ok: create, list, schemas, NotFoundError, tools, mcp");
  } finally {
    await server.close();
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
JS

node esm.mjs
node cjs.cjs
