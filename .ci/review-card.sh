#!/usr/bin/env bash
# The review card (ui://postline/review) in headless Chromium (Debian's package), in a host page
# built on @modelcontextprotocol/ext-apps/app-bridge with the official v2 client, against
# createMcpServer in process and the built `postline mcp --fake --http`, in both revisions,
# including a host that picks the card from tools/list; the card's look (contrast of the marks,
# header, proposal); and the preview page of `postline mcp --fake --http --preview`. The tests
# skip without Chromium; here they must run. Needs `npm run build` first (the card's HTML).
#   bash .ci/review-card.sh                                            # the test
#   POSTLINE_CARD_SCREENSHOT=docs/approval-card.png bash .ci/review-card.sh   # and the docs' screenshot
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=runtimes/run-matrix.sh
. .ci/runtimes/run-matrix.sh
CHROMIUM_PATH=$(provision_chromium) POSTLINE_REQUIRE_CHROMIUM=1 PATH="$PWD/node_modules/.bin:$PATH" \
  node scripts/on-node22.mjs vitest run test/mcp/review-card-browser.test.ts \
  test/mcp/review-card-look.test.ts test/mcp/card-preview.test.ts
