#!/usr/bin/env node
// Builds the review card (ui://postline/review) into one self-contained HTML document,
// dist/mcp/review-card.html: the page of src/mcp/ask/review-card/app/review-card.html with the card's
// code (and @modelcontextprotocol/ext-apps) bundled by esbuild and inlined. Nothing in it loads
// from outside the frame. It builds the card's preview host page the same way
// (preview-host.html, for `postline mcp --fake --http --preview`) into
// dist/mcp/review-card-preview.html. `npm run build` runs it after tsup.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const app = `${root}src/mcp/ask/review-card/app/`;
const marker = "/*REVIEW_CARD_SCRIPT*/";

/** Bundles `code` and inlines it into `page`, written to dist/mcp/`out`. */
async function buildPage(code, page, out) {
  const bundled = await build({
    entryPoints: [`${app}${code}`],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
    legalComments: "none",
  });
  // `</script` inside the code would end the inline script early.
  const script = bundled.outputFiles[0].text.replaceAll("</script", "<\\/script");
  const html = readFileSync(`${app}${page}`, "utf8");
  if (!html.includes(marker)) throw new Error(`${page} has no ${marker}`);
  mkdirSync(`${root}dist/mcp`, { recursive: true });
  const built = html.replace(marker, () => script);
  writeFileSync(`${root}dist/mcp/${out}`, built);
  console.log(`wrote dist/mcp/${out} (${Buffer.byteLength(built)} bytes)`);
}

await buildPage("review-card-app.ts", "review-card.html", "review-card.html");
await buildPage("preview-host.ts", "preview-host.html", "review-card-preview.html");
