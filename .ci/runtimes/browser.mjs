// Browser smoke test of the BUILT package: bundle the ESM build for the browser with esbuild,
// serve it on 127.0.0.1, start the contract fake on another port (so every call is a CORS
// request), and drive headless Chromium through create + list + a typed error.
// Run after `npm run build`:  node .ci/runtimes/browser.mjs
import { createServer } from "node:http";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { createFakeService, startFakeServer } from "../../dist/testing/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// The program that runs in the page, against the real built entry point.
const pageProgram = `
import { NotFoundError, Postline, PostlineError } from "../../dist/index.js";
const { apiKey, baseURL, channelId } = window.SMOKE;
async function run() {
  const client = new Postline({ apiKey, baseURL });
  const draft = await client.content.createDraft({ channelId, body: "Hello from the browser" });
  if (draft.status !== "draft") throw new Error("created item is not a draft: " + draft.status);
  const listed = await client.content.list({ status: "draft" }).toArray({ max: 50 });
  if (!listed.some((item) => item.id === draft.id)) throw new Error("the new draft is not listed");
  try {
    await client.content.get("nope");
    throw new Error("content.get('nope') did not throw");
  } catch (error) {
    if (!(error instanceof NotFoundError) || !(error instanceof PostlineError)) throw error;
  }
  return "created " + draft.id + ", listed " + listed.length + ", NotFoundError caught";
}
run().then(
  (detail) => { window.SMOKE_RESULT = { ok: true, detail }; },
  (error) => { window.SMOKE_RESULT = { ok: false, detail: String(error && error.stack || error) }; },
);
`;

const bundle = await build({
  stdin: { contents: pageProgram, resolveDir: here, sourcefile: "page.js" },
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  write: false,
  logLevel: "error",
});
const appJs = bundle.outputFiles[0].text;

const service = createFakeService();
const fake = await startFakeServer(service, { port: 0 });
const config = {
  apiKey: service.defaults.apiKey,
  baseURL: fake.url,
  channelId: service.defaults.channelIds[0],
};
const html = `<!doctype html><meta charset="utf-8"><title>postline smoke</title>
<script>window.SMOKE = ${JSON.stringify(config)};</script>
<script type="module" src="/app.js"></script>`;

const site = createServer((request, response) => {
  const [type, body] =
    request.url === "/app.js" ? ["text/javascript", appJs] : ["text/html; charset=utf-8", html];
  response.writeHead(200, { "content-type": type, "cache-control": "no-store" });
  response.end(body);
});
await new Promise((resolve) => site.listen(0, "127.0.0.1", resolve));
const siteUrl = `http://127.0.0.1:${site.address().port}/`;

const browser = await chromium.launch({
  executablePath,
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
let exitCode = 1;
try {
  const page = await browser.newPage();
  page.on("console", (message) => console.log(`  [page ${message.type()}] ${message.text()}`));
  page.on("pageerror", (error) => console.log(`  [page error] ${error.message}`));
  await page.goto(siteUrl);
  await page.waitForFunction(() => window.SMOKE_RESULT !== undefined, null, { timeout: 30_000 });
  const result = await page.evaluate(() => window.SMOKE_RESULT);
  if (result.ok) {
    console.log(`  ${result.detail} (${await browser.version()})`);
    console.log("browser smoke ok");
    exitCode = 0;
  } else {
    console.error(`browser smoke FAILED in the page: ${result.detail}`);
  }
} finally {
  await browser.close();
  site.close();
  await fake.close();
}
process.exit(exitCode);
