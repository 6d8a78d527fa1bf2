#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance, the prerelease with the
# 2026-07-28 scenarios) against the built `postline mcp --http --fake`, once per protocol
# revision, with that revision's requirement set. The scenarios of capabilities Postline does not
# declare (logging, completions, prompts, and resources beyond its own) and those that need the
# suite's own test tools are in .ci/mcp-conformance/baseline-<revision>.yml, each with its reason;
# any other failure, or a baselined scenario that starts passing, fails the step. The skills
# extension's scenarios (SEP-2640) run by name after them, and must pass without a warning. Needs
# Node >= 22 and the network only to install the suite.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
conformance_version=0.2.0-alpha.12
scratch=$(mktemp -d)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT

# Installed apart from the project: the suite brings the v1 MCP SDK and express of its own.
npm install --prefix "$scratch" --no-audit --no-fund --silent \
  "@modelcontextprotocol/conformance@$conformance_version" >/dev/null
suite=("$scratch/node_modules/.bin/conformance")

node "$root/dist/cli/postline.js" mcp --http --fake >"$scratch/url" 2>"$scratch/server.log" &
server_pid=$!
for _ in $(seq 100); do [ -s "$scratch/url" ] && break; sleep 0.1; done
url=$(head -n 1 "$scratch/url")
[ -n "$url" ] || { cat "$scratch/server.log"; echo "mcp-conformance: no URL printed"; exit 1; }
echo "postline mcp --http --fake at $url"

status=0
for revision in 2025-11-25 2026-07-28; do
  echo "--- conformance $conformance_version, requirements $revision"
  (cd "$scratch" && "${suite[@]}" server --url "$url" --requirements "$revision" \
    --expected-failures "$root/.ci/mcp-conformance/baseline-$revision.yml" \
    -o "$scratch/results-$revision") >"$scratch/run-$revision.log" 2>&1 || status=$?
  sed -n '/=== SUMMARY ===/,$p' "$scratch/run-$revision.log"
  if [ "$status" -ne 0 ]; then
    tail -40 "$scratch/run-$revision.log"
    [ -z "${MCP_CONFORMANCE_KEEP:-}" ] || cp -r "$scratch" "$MCP_CONFORMANCE_KEEP"
    exit "$status"
  fi
done

# The skills extension (SEP-2640) is an extension, outside both requirement sets: its scenarios
# run by name, against the agent skill `postline mcp` serves, and must pass with no warning.
for scenario in sep-2640-skills-enumeration sep-2640-skills-manifest sep-2640-skills-directory; do
  echo "--- conformance $conformance_version, extension scenario $scenario"
  (cd "$scratch" && "${suite[@]}" server --url "$url" --scenario "$scenario") \
    >"$scratch/run-$scenario.log" 2>&1 || status=$?
  summary=$(grep -E '^Passed: ' "$scratch/run-$scenario.log" || true)
  echo "${summary:-no summary}"
  if [ "$status" -ne 0 ] || ! grep -qE '^Passed: [0-9]+/[0-9]+, 0 failed, 0 warnings' <<<"$summary"; then
    tail -40 "$scratch/run-$scenario.log"
    exit 1
  fi
done
