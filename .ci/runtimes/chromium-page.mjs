// What the browser smoke tests share: a program bundled for the page with esbuild, and one run
// of headless Chromium that opens a page and waits for the result the page sets on `window`.
// The page's console is kept and shown only on failure. The Chromium launch is also the one the
// browser tests under test/ use (test/support/chromium.ts, typed by chromium-page.d.mts).
import { build } from "esbuild";
import { chromium } from "playwright-core";

/** Debian's Chromium, or the one `CHROMIUM_PATH` names. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless Chromium that reaches nothing on its own (no QUIC, updates or sync). */
export function launchChromium() {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** `contents` bundled as one ES module for the browser; imports resolve from `resolveDir`. */
export async function bundleForBrowser(contents, sourcefile, resolveDir) {
  const bundle = await build({
    stdin: { contents, resolveDir, sourcefile },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "error",
  });
  return bundle.outputFiles[0].text;
}

/**
 * Opens `url` in headless Chromium and waits up to 30 s for `window[resultName]`. Resolves to the
 * result (`{ ok: false, detail }` when the page set none), the page's console lines and the
 * browser's version; the browser is closed either way.
 */
export async function runPage(url, resultName) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const pageLog = [];
    page.on("console", (message) => pageLog.push(`  [page ${message.type()}] ${message.text()}`));
    page.on("pageerror", (error) => pageLog.push(`  [page error] ${error.message}`));
    await page.goto(url);
    const result = await page
      .waitForFunction((name) => window[name], resultName, { timeout: 30_000 })
      .then((handle) => handle.jsonValue())
      .catch((error) => ({ ok: false, detail: `no result from the page: ${error.message}` }));
    return { result, pageLog, version: await browser.version() };
  } finally {
    await browser.close();
  }
}
