#!/usr/bin/env bash
# The MCP Inspector's CLI mode (an MCP client nobody here wrote) against the built
# `postline mcp --fake` over stdio. It needs the network only to install the Inspector.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
inspector=(npm exec --yes --package @modelcontextprotocol/inspector@2 -- mcp-inspector --cli
  node "$root/dist/cli/postline.js" mcp --fake)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" # keeps the Inspector out of the project's node_modules

"${inspector[@]}" --method tools/list >tools.json
"${inspector[@]}" --method tools/call --tool-name list_channels >channels.json
# The Inspector prints an isError result and exits with 5.
status=0
"${inspector[@]}" --method tools/call --tool-name create_content_draft \
  --tool-arg 'body=Hello from the Inspector' >refused.json || status=$?
[ "$status" -eq 5 ] || { echo "mcp-inspector: expected exit 5 for an isError result, got $status"; exit 1; }

node - <<'JS'
const fs = require("node:fs");
const read = (file) => JSON.parse(fs.readFileSync(file, "utf8"));
const textOf = (result) => JSON.parse(result.content[0].text);
const names = read("tools.json").tools.map((tool) => tool.name);
for (const name of ["list_content", "list_channels", "generate_content", "create_content_draft",
  "update_content", "schedule_content"]) {
  if (!names.includes(name)) throw new Error(`tools/list lacks ${name}: ${names}`);
}
const hints = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"];
for (const tool of read("tools.json").tools) {
  const stated = hints.every((hint) => typeof tool.annotations?.[hint] === "boolean");
  if (!tool.title || tool.outputSchema?.type !== "object" || !stated)
    throw new Error(`${tool.name} lacks a title, an object outputSchema or one of ${hints}`);
}
const listed = read("channels.json");
if (listed.content[0].text !== JSON.stringify(listed.structuredContent))
  throw new Error("list_channels: the text item is not JSON.stringify(structuredContent)");
const channels = textOf(listed).channels;
if (!(channels.length > 0)) throw new Error("list_channels returned no channel");
const refused = read("refused.json");
const envelope = textOf(refused);
if (refused.isError !== true || envelope.error.code !== "validation_error" ||
  !(envelope.error.channels.length > 0)) {
  throw new Error(`create_content_draft without a channel: ${JSON.stringify(refused)}`);
}
console.log(`MCP Inspector CLI ok: ${names.length} tools with titles, output schemas and four ` +
  `hints, ${channels.length} channels as structuredContent, ` +
  "a create without a channel refused with the channels to choose from");
JS
