/**
 * Chromium for the browser tests: the launch of the browser smoke tests
 * (.ci/runtimes/chromium-page.mjs), and whether it is there. Tests that need it skip without
 * it, unless POSTLINE_REQUIRE_CHROMIUM=1 (CI), which makes this module throw instead.
 */
import { existsSync } from "node:fs";
import { chromiumPath } from "../../.ci/runtimes/chromium-page.mjs";

export { launchChromium } from "../../.ci/runtimes/chromium-page.mjs";

/** Whether Chromium is at `CHROMIUM_PATH` (default /usr/bin/chromium). */
export const chromiumAvailable = existsSync(chromiumPath);
if (process.env.POSTLINE_REQUIRE_CHROMIUM === "1" && !chromiumAvailable)
  throw new Error(`POSTLINE_REQUIRE_CHROMIUM=1, but there is no Chromium at ${chromiumPath}`);
