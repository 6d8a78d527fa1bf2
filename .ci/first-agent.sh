#!/usr/bin/env bash
# The README's "Your first agent script, against the fake", word for word, in a fresh copy of the
# repository (what a clone holds: no node_modules/, no dist/), on a node older than 22:
#
#   1. `npm ci` (the README's "Set up this repository"), then `npm run build`;
#   2. the section's ```ts block saved as first-agent.ts;
#   3. the section's command for an older node (`node scripts/on-node22.mjs npx tsx
#      first-agent.ts`): it must run the script on Node 22 and print its output;
#   4. the plain `npx tsx first-agent.ts` on the older node: it must stop with the error that says
#      @postline/sdk/testing needs Node.js 22, never with an AmbiguousCreateError;
#   5. examples/README.md's command for one example on an older node (`node scripts/on-node22.mjs
#      npx tsx examples/...`): it must run the example on Node 22.
#
#   bash .ci/first-agent.sh [path/to/node]   # the node older than 22; default: `node` on PATH
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
old_node=${1:-$(command -v node)}
old_major=$("$old_node" -p 'process.versions.node.split(".")[0]')
if [ "$old_major" -ge 22 ]; then
  echo "first-agent: $old_node is Node $old_major; this check needs a node older than 22" >&2
  exit 1
fi
export PATH="$(dirname "$old_node"):$PATH"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# shellcheck source=clean-copy.sh
. "$root/.ci/clean-copy.sh"
clean_copy "$root" "$scratch/clone"
cd "$scratch/clone"

# The section's block and its older-node command, as the README writes them.
node -e '
const { readFileSync, writeFileSync } = require("node:fs");
const readme = readFileSync("README.md", "utf8");
const section = /^## Your first agent script, against the fake\n([\s\S]*?)^## /m.exec(readme)?.[1];
const block = section && /^```ts\n([\s\S]*?)^```$/m.exec(section)?.[1];
const command = section && /`(node scripts\/on-node22\.mjs npx tsx first-agent\.ts)`/.exec(section)?.[1];
if (!block || !command || !section.includes("`npm run build`"))
  throw new Error("README: the first agent script section lost its block or its commands");
writeFileSync("first-agent.ts", block);
writeFileSync(".first-agent-command", command);
const examples = readFileSync("examples/README.md", "utf8");
const example = /`(node scripts\/on-node22\.mjs npx tsx examples\/[\w-]+\.ts)`/.exec(examples)?.[1];
if (!example) throw new Error("examples/README.md: no command for an older node");
writeFileSync(".example-command", example);
'
command=$(cat .first-agent-command)
example_command=$(cat .example-command)

echo "first-agent: on $(node --version): npm ci, npm run build, $command"
npm ci --no-audit --no-fund --loglevel=error >/dev/null
npm run build >/dev/null
output=$(eval "$command" 2>&1) || {
  printf '%s\n' "$output" >&2
  echo "first-agent: \`$command\` failed on $(node --version)" >&2
  exit 1
}
printf '%s\n' "$output"
if ! grep -q '^AI-isms: delve$' <<<"$output"; then
  echo "first-agent: the script ran but did not print what the README's script prints" >&2
  exit 1
fi

# Without the wrapper, the older node must be told what it lacks.
if plain=$(npx tsx first-agent.ts 2>&1); then
  echo "first-agent: npx tsx first-agent.ts passed on $(node --version); expected the Node 22 error" >&2
  exit 1
fi
if ! grep -q 'needs Node.js 22' <<<"$plain" || grep -q 'AmbiguousCreateError' <<<"$plain"; then
  printf '%s\n' "$plain" >&2
  echo "first-agent: on $(node --version), npx tsx first-agent.ts did not say it needs Node.js 22" >&2
  exit 1
fi
echo "first-agent: plain npx tsx on $(node --version) says: $(grep -m1 'needs Node.js 22' <<<"$plain")"

# examples/README.md's command for an older node.
example_output=$(eval "$example_command" 2>&1) || {
  printf '%s\n' "$example_output" >&2
  echo "first-agent: \`$example_command\` failed on $(node --version)" >&2
  exit 1
}
echo "first-agent: $example_command on $(node --version): $(tail -n 1 <<<"$example_output")"
