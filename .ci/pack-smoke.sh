#!/usr/bin/env bash
# Installs the packed tarball into a scratch project and uses it from ESM and from CJS: a draft
# against the fake over real HTTP, a list, a typed error, and the two subpaths.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tarball=$(cd "$root" && npm pack --silent --pack-destination "$scratch" | tail -n 1)
cd "$scratch"
npm init -y >/dev/null
npm install --no-audit --no-fund --loglevel=error "./$tarball" msw >/dev/null

cat > esm.mjs <<'JS'
import { AcknowledgmentRequiredError, ConflictError, NotFoundError, Postline } from "@postline/sdk";
import { createFakeService, startFakeServer } from "@postline/sdk/testing";
import { runTool, tools } from "@postline/sdk/tools";

const service = createFakeService();
const server = await startFakeServer(service, { port: 0 });
try {
  const client = new Postline({ apiKey: service.defaults.apiKey, baseURL: server.url });
  const [channelId] = service.defaults.channelIds;
  const draft = await client.content.createDraft({ channelId, body: "We delve into ESM." });
  const listed = await client.content.list().toArray({ max: 100 });
  if (!listed.some((item) => item.id === draft.id)) throw new Error("ESM: draft not listed");
  const refused = await client.content.approve(draft.id).catch((error) => error);
  if (!(refused instanceof AcknowledgmentRequiredError && refused instanceof ConflictError))
    throw new Error(`ESM: expected AcknowledgmentRequiredError, got ${refused}`);
  const missing = await client.content.get("nope").catch((error) => error);
  if (!(missing instanceof NotFoundError)) throw new Error(`ESM: expected NotFoundError, got ${missing}`);
  const viaTool = await runTool(client, "get_content", { id: draft.id });
  if (!tools.length || viaTool.error) throw new Error("ESM: tools subpath failed");
  console.log("ESM import ok: create, list, AcknowledgmentRequiredError, NotFoundError, tools");
} finally {
  await server.close();
}
JS

cat > cjs.cjs <<'JS'
const { NotFoundError, Postline } = require("@postline/sdk");
const { createFakeService, startFakeServer } = require("@postline/sdk/testing");
const { tools } = require("@postline/sdk/tools");

(async () => {
  const service = createFakeService();
  const server = await startFakeServer(service, { port: 0 });
  try {
    const client = new Postline({ apiKey: service.defaults.apiKey, baseURL: server.url });
    const [channelId] = service.defaults.channelIds;
    const draft = await client.content.createDraft({ channelId, body: "Hello from CJS" });
    const page = await client.content.listPage({ limit: 10 });
    if (!page.items.some((item) => item.id === draft.id)) throw new Error("CJS: draft not listed");
    const missing = await client.content.get("nope").catch((error) => error);
    if (!(missing instanceof NotFoundError)) throw new Error(`CJS: expected NotFoundError, got ${missing}`);
    if (!tools.length) throw new Error("CJS: tools subpath failed");
    console.log("CJS require ok: create, list, NotFoundError, tools");
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
