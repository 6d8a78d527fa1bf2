#!/usr/bin/env bash
# Runtime matrix for the BUILT package (run `npm run build` first): provisions Bun, Deno and
# Node 24 from the npm registry and Chromium from Debian, runs the smoke tests on each, prints a
# PASS/FAIL line per runtime and exits non-zero if any fails.
#
#   bash .ci/runtimes/run-matrix.sh            # every runtime
#   bash .ci/runtimes/run-matrix.sh bun deno   # some of them (bun, deno, node24, chromium)
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

provision_bun() { provision_npm_binary bun bun bun; }
provision_deno() { provision_npm_binary deno deno deno; }
provision_node24() { provision_npm_binary node24 node@24 node; }

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
    chromium)
      runner=$(provision_chromium) && CHROMIUM_PATH=$runner node .ci/runtimes/browser.mjs || status=$?
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

run_matrix() {
  cd "$matrix_root"
  if [ ! -f dist/index.js ] || [ ! -f dist/testing/index.js ]; then
    echo "run-matrix: dist/ is missing; run npm run build first" >&2
    return 1
  fi
  local runtimes=("$@") results=() failed=0 passed=0
  [ ${#runtimes[@]} -gt 0 ] || runtimes=(bun deno node24 chromium)
  for runtime in "${runtimes[@]}"; do
    echo "--- $runtime"
    # Not `tee /dev/stderr`: when CI sends output to a file, reopening it would truncate the log.
    local out line
    out=$(mktemp)
    run_runtime "$runtime" >"$out" 2>&1 || true
    cat "$out"
    line=$(tail -n 1 "$out")
    rm -f "$out"
    if [[ $line == PASS* ]]; then
      passed=$((passed + 1))
    else
      failed=$((failed + 1))
    fi
    results+=("$line")
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
