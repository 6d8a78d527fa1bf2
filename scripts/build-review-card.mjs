#!/usr/bin/env node
// Builds the review card (ui://postline/review) into one self-contained HTML document,
// dist/mcp/review-card.html: the page of src/mcp/ask/review-card/app/review-card.html with the card's
// code (and @modelcontextprotocol/ext-apps) bundled by esbuild and inlined. Nothing in it loads
// from outside the frame. `npm run build` runs it after tsup.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const app = `${root}src/mcp/ask/review-card/app/`;
const bundled = await build({
  entryPoints: [`${app}review-card-app.ts`],
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
const page = readFileSync(`${app}review-card.html`, "utf8");
const marker = "/*REVIEW_CARD_SCRIPT*/";
if (!page.includes(marker)) throw new Error(`review-card.html has no ${marker}`);
mkdirSync(`${root}dist/mcp`, { recursive: true });
const html = page.replace(marker, () => script);
writeFileSync(`${root}dist/mcp/review-card.html`, html);
console.log(`wrote dist/mcp/review-card.html (${Buffer.byteLength(html)} bytes)`);
