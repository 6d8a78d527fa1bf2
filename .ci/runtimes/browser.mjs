// Browser smoke test of the BUILT package: bundle the ESM build for the browser with esbuild,
// serve it on 127.0.0.1, start the contract fake with startFakeServer on another port (another
// origin, same site, as a product's web app and its API are), and drive headless Chromium:
// - the browser guard: a key in the page throws PostlineError unless dangerouslyAllowBrowser;
// - with dangerouslyAllowBrowser, create + list + a typed error;
// - auth: "session": refused before signing in, then the page signs in to the fake (an HttpOnly
//   cookie) and lists content with no key at all;
// - in a worker, a key is not refused (a worker has no page to read it from).
// Run after `npm run build`:  node .ci/runtimes/browser.mjs
import { createServer } from "node:http";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createFakeService, startFakeServer } from "../../dist/testing/index.js";
import { bundleForBrowser, runPage } from "./chromium-page.mjs";

const here = dirname(fileURLToPath(import.meta.url));

// The program that runs in the page, against the real built entry point.
const pageProgram = `
import { MissingAuthorizationError, NotFoundError, Postline, PostlineError } from "../../dist/index.js";
const { apiKey, baseURL, channelId, memberEmail } = window.SMOKE;
const steps = [];

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function browserGuard() {
  let refused;
  try {
    new Postline({ apiKey, baseURL });
  } catch (error) {
    refused = error;
  }
  check(refused instanceof PostlineError, "a key in a page was not refused: " + refused);
  check(/dangerouslyAllowBrowser/.test(refused.message), "the refusal does not name the option");
  check(!refused.message.includes(apiKey), "the refusal shows the key");
  steps.push("guard refused a key");
}

async function withKey() {
  const client = new Postline({ apiKey, baseURL, dangerouslyAllowBrowser: true });
  const draft = await client.content.createDraft({ channelId, body: "Hello from the browser" });
  check(draft.status === "draft", "created item is not a draft: " + draft.status);
  const listed = await client.content.list({ status: "draft" }).toArray({ max: 50 });
  check(listed.some((item) => item.id === draft.id), "the new draft is not listed");
  try {
    await client.content.get("nope");
    throw new Error("content.get('nope') did not throw");
  } catch (error) {
    if (!(error instanceof NotFoundError) || !(error instanceof PostlineError)) throw error;
  }
  steps.push("dangerouslyAllowBrowser: created " + draft.id + ", listed " + listed.length + ", NotFoundError caught");
}

async function withSession() {
  const client = new Postline({ auth: "session", baseURL });
  const before = await client.content.list().toArray({ max: 5 }).catch((error) => error);
  check(before instanceof MissingAuthorizationError, "before signing in: " + before);
  const signIn = await fetch(baseURL + "/fake/session", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: memberEmail }),
  });
  check(signIn.status === 201, "sign-in answered " + signIn.status);
  check(!document.cookie.includes("postline_session"), "the session cookie is readable by scripts");
  const draft = await client.content.createDraft({ channelId, body: "Written in a browser session" });
  check(draft.createdBy.userId === (await signIn.json()).userId, "the draft is not the member's");
  const listed = await client.content.list().toArray({ max: 100 });
  check(listed.some((item) => item.id === draft.id), "the session's draft is not listed");
  steps.push("session: signed in as " + memberEmail + ", created " + draft.id + ", listed " + listed.length);
}

async function inWorker() {
  const worker = new Worker("/worker.js", { type: "module" });
  const answer = await new Promise((resolve) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => resolve({ ok: false, detail: event.message });
    worker.postMessage({ apiKey, baseURL });
  });
  worker.terminate();
  check(answer.ok, "in a worker: " + answer.detail);
  steps.push("worker: " + answer.detail);
}

async function run() {
  await browserGuard();
  await withKey();
  await withSession();
  await inWorker();
  return steps.join("; ");
}
run().then(
  (detail) => { window.SMOKE_RESULT = { ok: true, detail }; },
  (error) => { window.SMOKE_RESULT = { ok: false, detail: String(error && error.stack || error) }; },
);
`;

// The program that runs in a dedicated worker: a key is allowed there.
const workerProgram = `
import { Postline } from "../../dist/index.js";
self.onmessage = async ({ data }) => {
  try {
    const client = new Postline({ apiKey: data.apiKey, baseURL: data.baseURL });
    const channels = await client.channels.list();
    self.postMessage({ ok: true, detail: "a key is allowed, listed " + channels.length + " channels" });
  } catch (error) {
    self.postMessage({ ok: false, detail: String(error && error.stack || error) });
  }
};
`;

const appJs = await bundleForBrowser(pageProgram, "page.js", here);
const workerJs = await bundleForBrowser(workerProgram, "worker.js", here);

let html = "";
const site = createServer((request, response) => {
  const [type, body] =
    request.url === "/app.js"
      ? ["text/javascript", appJs]
      : request.url === "/worker.js"
        ? ["text/javascript", workerJs]
        : ["text/html; charset=utf-8", html];
  response.writeHead(200, { "content-type": type, "cache-control": "no-store" });
  response.end(body);
});
await new Promise((resolve) => site.listen(0, "127.0.0.1", resolve));
const siteOrigin = `http://127.0.0.1:${site.address().port}`;

const service = createFakeService();
// The page's origin by name: browsers send cookies across origins only to a server naming it.
const fake = await startFakeServer(service, { port: 0, cors: siteOrigin });

if (!(await fakeAllowsCors(siteOrigin))) throw new Error("the fake refused the CORS preflight");
const config = {
  apiKey: service.defaults.apiKey,
  baseURL: fake.url,
  channelId: service.defaults.channelIds[0],
  memberEmail: "mia@acme.test",
};
html = `<!doctype html><meta charset="utf-8"><title>postline smoke</title>
<script>window.SMOKE = ${JSON.stringify(config)};</script>
<script type="module" src="/app.js"></script>`;

/** Whether the fake answers a credentialed preflight from `origin` for a JSON POST. */
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
  return (
    preflight.ok &&
    allowed === origin &&
    preflight.headers.get("access-control-allow-credentials") === "true"
  );
}

let exitCode = 1;
try {
  // The page's console is shown only on failure (the expected 404 logs a resource error).
  const { result, pageLog, version } = await runPage(`${siteOrigin}/`, "SMOKE_RESULT");
  if (result.ok) {
    for (const step of result.detail.split("; ")) console.log(`  ${step}`);
    console.log(`  (Chromium ${version}, page and fake on two origins)`);
    console.log("browser smoke ok");
    exitCode = 0;
  } else {
    for (const line of pageLog) console.error(line);
    console.error(`browser smoke FAILED in the page: ${result.detail}`);
  }
} finally {
  site.close();
  await fake.close();
}
process.exit(exitCode);
