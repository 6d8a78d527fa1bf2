/**
 * Headless Chromium and the test host page for the review card's browser tests: Debian's
 * Chromium at `CHROMIUM_PATH` (default /usr/bin/chromium), skipped when absent unless
 * POSTLINE_REQUIRE_CHROMIUM=1, and `host-page.ts` bundled for the page.
 */
import { existsSync } from "node:fs";
import { build } from "esbuild";
import { type Browser, chromium } from "playwright-core";

const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Whether Chromium is there; throws when POSTLINE_REQUIRE_CHROMIUM=1 and it is not. */
export const chromiumAvailable = existsSync(executablePath);
if (process.env.POSTLINE_REQUIRE_CHROMIUM === "1" && !chromiumAvailable)
  throw new Error(`POSTLINE_REQUIRE_CHROMIUM=1, but there is no Chromium at ${executablePath}`);

/** A headless Chromium that reaches nothing on its own (no updates, no sync). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** The host page's script (`host-page.ts`, with ext-apps' AppBridge), bundled for the browser. */
export async function hostPageScript(): Promise<string> {
  const bundled = await build({
    entryPoints: [new URL("./host-page.ts", import.meta.url).pathname],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
  });
  return bundled.outputFiles[0]!.text;
}

/** The host page: its script inline, `window.openCard` once it has run. */
export function hostPageHtml(script: string): string {
  return `<!doctype html><html><body><script type="module">${script}</script></body></html>`;
}
