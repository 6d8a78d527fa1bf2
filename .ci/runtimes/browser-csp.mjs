// The built package on a page with a strict Content-Security-Policy (`script-src 'self'`: no
// inline script, no eval), in headless Chromium. The page sets zod's `jitless` before importing
// `@postline/sdk` (zod's documented setting for such pages), then lists content from the
// contract fake and reads one item: neither the import nor the parses may evaluate code, so the
// page records no `securitypolicyviolation`. As a check that violations are seen at all, the
// page then calls `new Function` once itself and must record exactly that one.
// Run after `npm run build`:  node .ci/runtimes/browser-csp.mjs
import { createServer } from "node:http";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createFakeService, startFakeServer } from "../../dist/testing/index.js";
import { bundleForBrowser, runPage } from "./chromium-page.mjs";

const here = dirname(fileURLToPath(import.meta.url));

// Loaded first, as a script of its own (the policy refuses inline scripts): records violations.
const setupProgram = `
window.VIOLATIONS = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.VIOLATIONS.push(event.violatedDirective + " " + event.blockedURI + " " + (event.sourceFile || "") + ":" + event.lineNumber);
});
`;

// zod's setting first; the SDK is imported after it (esbuild keeps the dynamic import's order).
const pageProgram = `
import { z } from "zod";
z.config({ jitless: true });
const { Postline } = await import("../../dist/index.js");
const { apiKey, baseURL } = await (await fetch("/config.json")).json();
const steps = [];
try {
  const client = new Postline({ apiKey, baseURL, dangerouslyAllowBrowser: true });
  const page = await client.content.listPage({ limit: 20 });
  if (page.items.length === 0) throw new Error("the fake listed no content");
  const item = await client.content.get(page.items[0].id);
  steps.push("listed " + page.items.length + " items, read " + item.id);
  const before = window.VIOLATIONS.slice();
  // The check that the page sees a violation: one eval of its own.
  try { new Function("return 1"); } catch {}
  await new Promise((resolve) => setTimeout(resolve, 200));
  window.CSP_RESULT = { ok: true, steps, before, after: window.VIOLATIONS.slice() };
} catch (error) {
  window.CSP_RESULT = { ok: false, steps, detail: String((error && error.stack) || error) };
}
`;

const appJs = await bundleForBrowser(pageProgram, "csp-page.js", here);

const service = createFakeService();
let config = "{}";
const POLICY = "script-src 'self'";
const site = createServer((request, response) => {
  const [type, body] =
    request.url === "/app.js"
      ? ["text/javascript", appJs]
      : request.url === "/setup.js"
        ? ["text/javascript", setupProgram]
        : request.url === "/config.json"
          ? ["application/json", config]
          : [
              "text/html; charset=utf-8",
              `<!doctype html><meta charset="utf-8"><title>postline csp</title>
<script src="/setup.js"></script><script type="module" src="/app.js"></script>`,
            ];
  response.writeHead(200, {
    "content-type": type,
    "cache-control": "no-store",
    "content-security-policy": POLICY,
  });
  response.end(body);
});
await new Promise((resolve) => site.listen(0, "127.0.0.1", resolve));
const siteOrigin = `http://127.0.0.1:${site.address().port}`;
const fake = await startFakeServer(service, { port: 0, cors: siteOrigin });
config = JSON.stringify({ apiKey: service.defaults.apiKey, baseURL: fake.url });

let exitCode = 1;
try {
  const { result, pageLog, version } = await runPage(`${siteOrigin}/`, "CSP_RESULT");
  const seesViolations = result.ok && result.after.length === result.before.length + 1;
  if (result.ok && result.before.length === 0 && seesViolations) {
    for (const step of result.steps) console.log(`  ${step}`);
    console.log(`  (Chromium ${version}, ${POLICY}, zod jitless)`);
    console.log("browser CSP ok: 0 securitypolicyviolation events");
    exitCode = 0;
  } else {
    for (const line of pageLog) console.error(line);
    if (!result.ok) console.error(`browser CSP FAILED in the page: ${result.detail}`);
    else if (!seesViolations) console.error("browser CSP FAILED: the page's own eval was not seen");
    else {
      console.error(`browser CSP FAILED: ${result.before.length} securitypolicyviolation events:`);
      for (const violation of result.before) console.error(`  ${violation}`);
    }
  }
} finally {
  site.close();
  await fake.close();
}
process.exit(exitCode);
