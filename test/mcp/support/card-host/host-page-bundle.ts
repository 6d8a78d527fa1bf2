/**
 * The test host page for the review card's browser tests: `host-page.ts` bundled for the page,
 * and the page around it. Chromium itself comes from test/support/chromium.ts.
 */
import { build } from "esbuild";

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
