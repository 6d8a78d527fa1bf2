#!/usr/bin/env bash
# Tools that no one here wrote test the fake and the SDK against the OpenAPI document
# (dist/openapi.json, from `npm run build`), all from npm:
#   1. Redocly CLI lints the document: 0 errors.
#   2. Portman turns it into a Postman collection of contract, variation and fuzzing tests, and
#      Newman runs it against `postline fake`.
#   3. Prism as a validating proxy (`prism proxy --errors`) between the SDK and `postline fake`,
#      and between Newman's contract requests and the fake.
#   4. Prism as a mock with dynamic examples (`prism mock -d`): every read method of the SDK
#      accepts what it generates, or answers a typed error naming the field.
# The requests are spread over several agent keys made through POST /keys, so the run stays
# under the per-key rate limits without bending the fake (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
out=.ci/.cache/openapi
mkdir -p "$out"
started=$SECONDS
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT

# Waits until `$2` answers at all, or fails after 30 s showing the log `$1`.
wait_for() {
  node -e 'const until = Date.now() + 30000;
    (async () => { for (;;) { try { await fetch(process.argv[1]); return; } catch {
      if (Date.now() > until) process.exit(1); await new Promise((r) => setTimeout(r, 100)); } } })();' "$2" ||
    { echo "not answering: $2" >&2; cat "$1" >&2; return 1; }
}

# A free port: Node picks it.
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

echo "--- Redocly CLI lint"
npx redocly lint dist/openapi.json --config .ci/openapi/redocly.yaml --format=summary

echo "--- postline fake"
node dist/cli/postline.js fake --json --port 0 >"$out/fake.json" 2>"$out/fake.err" &
pids+=($!)
for _ in $(seq 100); do [ -s "$out/fake.json" ] && break; sleep 0.1; done
base_url=$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).baseURL' "$out/fake.json")
api_key=$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).apiKey' "$out/fake.json")
keys=$(node .ci/openapi/make-keys.mjs "$base_url" "$api_key" 6)

echo "--- Portman + Newman against $base_url"
# Run from the cache folder: Portman writes scratch files under ./tmp. The config's `file:`
# script path is relative to it.
(cd "$out" && ../../../node_modules/.bin/portman --local ../../../dist/openapi.json \
  --baseUrl "$base_url/api/v1" --portmanConfigFile ../../openapi/portman-config.json \
  --output collection.json --logAssignVariables false >portman.log 2>&1) ||
  { cat "$out/portman.log"; exit 1; }
npx newman run "$out/collection.json" --env-var "apiKeys=$keys" --color off \
  --reporters cli,json --reporter-json-export "$out/newman.json" >"$out/newman.log" 2>&1 ||
  { cat "$out/newman.log"; node .ci/openapi/newman-summary.mjs "$out/newman.json" || true; exit 1; }
node .ci/openapi/newman-summary.mjs "$out/newman.json"

echo "--- Prism proxy (--errors) between the SDK and postline fake"
proxy_port=$(free_port)
node_modules/.bin/prism proxy dist/openapi.json "$base_url/api/v1" --errors --port "$proxy_port" \
  >"$out/prism-proxy.log" 2>&1 &
pids+=($!)
wait_for "$out/prism-proxy.log" "http://127.0.0.1:$proxy_port/channels"
node --import tsx .ci/openapi/sdk-through-proxy.ts "http://127.0.0.1:$proxy_port" "$keys" ||
  { tail -50 "$out/prism-proxy.log"; exit 1; }
# Portman's contract requests (valid by construction) through the proxy too.
npx newman run "$out/collection.json" --env-var "apiKeys=$keys" \
  --env-var "baseUrl=http://127.0.0.1:$proxy_port" --folder Content --folder Workspace \
  --folder Keys --color off --reporters cli >"$out/newman-proxy.log" 2>&1 ||
  { cat "$out/newman-proxy.log"; tail -50 "$out/prism-proxy.log"; exit 1; }
echo "prism proxy: Portman's contract requests pass through it too"

echo "--- Prism mock (-d) read by the SDK"
mock_port=$(free_port)
node_modules/.bin/prism mock dist/openapi.json --dynamic --port "$mock_port" >"$out/prism-mock.log" 2>&1 &
pids+=($!)
wait_for "$out/prism-mock.log" "http://127.0.0.1:$mock_port/channels"
node --import tsx .ci/openapi/sdk-reads-mock.ts "http://127.0.0.1:$mock_port" ||
  { tail -50 "$out/prism-mock.log"; exit 1; }

echo "OpenAPI tools passed in $((SECONDS - started))s"
