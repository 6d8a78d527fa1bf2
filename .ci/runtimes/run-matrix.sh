#!/usr/bin/env bash
# Runtime matrix for the BUILT package (run `npm run build` first): provisions Bun, Deno,
# Node 24, Node 26, Miniflare (workerd) and edge-runtime from the npm registry and Chromium from
# Debian, runs the smoke tests on each, prints a PASS/FAIL line per runtime and exits non-zero if
# any fails.
#
#   bash .ci/runtimes/run-matrix.sh            # every runtime
#   bash .ci/runtimes/run-matrix.sh bun deno   # some of them (bun, deno, node24, node26, chromium,
#                                              # chromium-csp, workers, vercel-edge)
#
# Sourcing it (`. .ci/runtimes/run-matrix.sh`) defines the provision_* functions and runs nothing.

matrix_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
matrix_cache=$matrix_root/.ci/.cache

# Installs an npm package that ships a runtime binary into .ci/.cache/<dir>; prints the binary.
provision_npm_binary() {
  local dir=$matrix_cache/$1 spec=$2 bin=$3
  if [ ! -x "$dir/node_modules/.bin/$bin" ]; then
    npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "$spec" >&2
  fi
  echo "$dir/node_modules/.bin/$bin"
}

# Installs an npm package into .ci/.cache/<dir> when missing; prints that directory.
provision_npm_package() {
  local dir=$matrix_cache/$1 spec=$2 name=$3
  if [ ! -f "$dir/node_modules/$name/package.json" ]; then
    npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "$spec" >&2
  fi
  echo "$dir"
}

# Miniflare, whose workerd binary must arrive in its platform package (@cloudflare/workerd-*),
# never fetched by workerd's install script or at run time; prints the directory.
provision_miniflare() {
  local dir binary
  dir=$(provision_npm_package miniflare miniflare@4 miniflare) || return 1
  binary=$(ls "$dir"/node_modules/@cloudflare/workerd-*/bin/workerd 2>/dev/null | head -n 1)
  if [ -z "$binary" ] || ls "$dir"/node_modules/workerd/lib/downloaded-* >/dev/null 2>&1; then
    echo "workerd's binary did not come from its npm platform package" >&2
    return 1
  fi
  echo "workerd from ${binary#"$dir"/node_modules/}: $("$binary" --version)" >&2
  echo "$dir"
}

provision_bun() { provision_npm_binary bun bun bun; }
provision_deno() { provision_npm_binary deno deno deno; }
provision_node24() { provision_npm_binary node24 node@24 node; }
provision_node26() { provision_npm_binary node26 node@26 node; }

# Chromium from Debian's packages, installed only when missing; prints its path.
provision_chromium() {
  local path=${CHROMIUM_PATH:-/usr/bin/chromium}
  if [ ! -x "$path" ]; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >&2
    path=/usr/bin/chromium
  fi
  echo "$path"
}

# Runs one runtime's smoke test; prints PASS/FAIL with the time it took.
run_runtime() {
  local name=$1 started status=0 runner
  started=$(date +%s.%N)
  case $name in
    bun) runner=$(provision_bun) && "$runner" .ci/runtimes/smoke.mjs || status=$? ;;
    deno)
      runner=$(provision_deno) &&
        DENO_NO_UPDATE_CHECK=1 DENO_NO_PROMPT=1 "$runner" run -A .ci/runtimes/smoke.mjs || status=$?
      ;;
    node24) runner=$(provision_node24) && "$runner" .ci/runtimes/smoke.mjs || status=$? ;;
    node26) runner=$(provision_node26) && "$runner" .ci/runtimes/smoke.mjs || status=$? ;;
    chromium)
      runner=$(provision_chromium) && CHROMIUM_PATH=$runner node .ci/runtimes/browser.mjs || status=$?
      ;;
    chromium-csp)
      runner=$(provision_chromium) && CHROMIUM_PATH=$runner node .ci/runtimes/browser-csp.mjs || status=$?
      ;;
    workers)
      runner=$(provision_miniflare) && MINIFLARE_DIR=$runner node .ci/runtimes/workers.mjs || status=$?
      ;;
    vercel-edge)
      runner=$(provision_npm_package edge-runtime edge-runtime@4 edge-runtime) &&
        EDGE_RUNTIME_DIR=$runner node .ci/runtimes/vercel-edge.mjs || status=$?
      ;;
    *) echo "unknown runtime: $name" >&2; status=2 ;;
  esac
  local seconds
  seconds=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  if [ "$status" -eq 0 ]; then
    echo "PASS $name (${seconds}s)"
  else
    echo "FAIL $name (exit $status, ${seconds}s)"
  fi
  return "$status"
}

# The edge runtimes spend most of their minute in one paced wait (a full create window must
# roll), so they run in the background while the others run one after another.
waits_for_window() { [[ $1 == workers || $1 == vercel-edge ]]; }

# Prints one runtime's output and counts its last line (PASS/FAIL) into the caller's tally.
matrix_report() {
  local line
  echo "--- $1"
  cat "$2"
  line=$(tail -n 1 "$2")
  rm -f "$2"
  if [[ $line == PASS* ]]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
  results+=("$line")
}

run_matrix() {
  cd "$matrix_root"
  if [ ! -f dist/index.js ] || [ ! -f dist/testing/index.js ]; then
    echo "run-matrix: dist/ is missing; run npm run build first" >&2
    return 1
  fi
  local runtimes=("$@") results=() failed=0 passed=0 runtime
  [ ${#runtimes[@]} -gt 0 ] || runtimes=(bun deno node24 node26 chromium chromium-csp workers vercel-edge)
  # Not `tee /dev/stderr`: when CI sends output to a file, reopening it would truncate the log.
  local -A outs=() background=()
  for runtime in "${runtimes[@]}"; do
    outs[$runtime]=$(mktemp)
    if waits_for_window "$runtime"; then
      run_runtime "$runtime" >"${outs[$runtime]}" 2>&1 &
      background[$runtime]=$!
    fi
  done
  # The others in turn, then the background ones; each one's output in one piece.
  for runtime in "${runtimes[@]}"; do
    if [ -z "${background[$runtime]:-}" ]; then
      run_runtime "$runtime" >"${outs[$runtime]}" 2>&1 || true
      matrix_report "$runtime" "${outs[$runtime]}"
    fi
  done
  for runtime in "${runtimes[@]}"; do
    if [ -n "${background[$runtime]:-}" ]; then
      wait "${background[$runtime]}" || true
      matrix_report "$runtime" "${outs[$runtime]}"
    fi
  done
  echo "runtime matrix"
  printf '  %s\n' "${results[@]}"
  echo "runtimes: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  set -uo pipefail
  run_matrix "$@"
fi
