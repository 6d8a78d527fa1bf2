// Browser smoke test of the BUILT package: bundle the ESM build for the browser with esbuild,
// serve it on 127.0.0.1, start the contract fake with startFakeServer, and drive headless
// Chromium through create + list + a typed error.
// The page is served from one origin and calls the fake on another, through CORS.
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
const fake = await startFakeServer(service, { port: 0, cors: true });

let html = "";
const site = createServer((request, response) => {
  const [type, body] =
    request.url === "/app.js" ? ["text/javascript", appJs] : ["text/html; charset=utf-8", html];
  response.writeHead(200, { "content-type": type, "cache-control": "no-store" });
  response.end(body);
});
await new Promise((resolve) => site.listen(0, "127.0.0.1", resolve));
const siteOrigin = `http://127.0.0.1:${site.address().port}`;

if (!(await fakeAllowsCors(siteOrigin))) throw new Error("the fake refused the CORS preflight");
const config = {
  apiKey: service.defaults.apiKey,
  baseURL: fake.url,
  channelId: service.defaults.channelIds[0],
};
html = `<!doctype html><meta charset="utf-8"><title>postline smoke</title>
<script>window.SMOKE = ${JSON.stringify(config)};</script>
<script type="module" src="/app.js"></script>`;

/** Whether the fake answers a preflight from `origin` for an authenticated JSON POST. */
async function fakeAllowsCors(origin) {
  const preflight = await fetch(`${fake.url}/api/v1/content`, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "authorization,content-type",
    },
  });
  const allowed = preflight.headers.get("access-control-allow-origin");
  return preflight.ok && (allowed === "*" || allowed === origin);
}

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
  // The page's console is shown only on failure (the expected 404 logs a resource error).
  const pageLog = [];
  page.on("console", (message) => pageLog.push(`  [page ${message.type()}] ${message.text()}`));
  page.on("pageerror", (error) => pageLog.push(`  [page error] ${error.message}`));
  await page.goto(`${siteOrigin}/`);
  const result = await page
    .waitForFunction(() => window.SMOKE_RESULT, null, { timeout: 30_000 })
    .then((handle) => handle.jsonValue())
    .catch((error) => ({ ok: false, detail: `no result from the page: ${error.message}` }));
  if (result.ok) {
    console.log(`  ${result.detail} (Chromium ${await browser.version()}, cross-origin)`);
    console.log("browser smoke ok");
    exitCode = 0;
  } else {
    for (const line of pageLog) console.error(line);
    console.error(`browser smoke FAILED in the page: ${result.detail}`);
  }
} finally {
  await browser.close();
  site.close();
  await fake.close();
}
process.exit(exitCode);
