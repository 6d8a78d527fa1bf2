#!/usr/bin/env bash
# The watch page of `postline fake` in headless Chromium (Debian's package): open it, make calls,
# see them appear. The test skips without Chromium; here it must run.
#   bash .ci/watch-page.sh                                   # the test
#   POSTLINE_WATCH_SCREENSHOT=docs/fake-watch.png bash .ci/watch-page.sh   # and the docs' screenshot
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=runtimes/run-matrix.sh
. .ci/runtimes/run-matrix.sh
# Outside an npm script, node_modules/.bin is not on PATH by itself.
CHROMIUM_PATH=$(provision_chromium) POSTLINE_REQUIRE_CHROMIUM=1 PATH="$PWD/node_modules/.bin:$PATH" \
  node scripts/on-node22.mjs vitest run test/testing/watch-page.test.ts
