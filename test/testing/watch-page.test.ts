/**
 * The watch page of `startFakeServer(service, { watch: true })` (what `postline fake` serves) in
 * headless Chromium: open it, make calls over REST and MCP, and see them appear live, with the
 * items by status and the key's rate windows, and never the token.
 *
 * Needs Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium). Without it the test is skipped,
 * unless POSTLINE_REQUIRE_CHROMIUM=1 (CI: .ci/watch-page.sh), which makes it fail instead.
 * With POSTLINE_WATCH_SCREENSHOT=<file> it also saves a screenshot (docs/fake-watch.png).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Postline } from "../../src/index.js";
import {
  createFakeService,
  type FakeServer,
  type FakeService,
  startFakeServer,
} from "../../src/testing/index.js";
import { chromiumAvailable as available, launchChromium } from "../support/chromium.js";

// The page polls once a second.
const SOON = { timeout: 5_000 };

let browser: Browser | undefined;
let server: FakeServer | undefined;
beforeAll(async () => {
  if (!available) return;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openWatchPage(service: FakeService): Promise<{ page: Page; offOrigin: string[] }> {
  server = await startFakeServer(service, { port: 0, watch: true });
  const page = await (browser as Browser).newPage({ viewport: { width: 1280, height: 900 } });
  const origin = server.url;
  // Nothing may come from elsewhere: the page works with no network.
  const offOrigin: string[] = [];
  await page.route("**/*", (route) => {
    if (route.request().url().startsWith(`${origin}/`)) return route.continue();
    offOrigin.push(route.request().url());
    return route.abort();
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${origin}/`);
  await expect.poll(() => page.textContent("#status"), { timeout: 10_000 }).toContain("live");
  expect(errors).toEqual([]);
  return { page, offOrigin };
}

describe.skipIf(!available)("the watch page, in headless Chromium", () => {
  it("shows each request as it happens (key, method, path, status, error code), the items by status and the key's windows, and never the token", async () => {
    const service = createFakeService();
    const { apiKey } = service.defaults;
    const [channelId] = service.defaults.channelIds;
    const { page, offOrigin } = await openWatchPage(service);
    expect(await page.locator("#log tbody tr").count()).toBe(0);
    const baseURL = (server as FakeServer).url;
    const client = new Postline({ apiKey, baseURL, maxRetries: 0, rateLimit: false });

    await client.channels.list();
    await expect.poll(() => page.locator("#log tbody tr").count(), SOON).toBe(1);
    const first = page.locator("#log tbody tr").first();
    expect(await first.textContent()).toContain("/channels");
    expect(await first.textContent()).toContain("Seeded owner key (key_acme_owner)");

    // Ten creates fill the key's window of ten; the eleventh is refused with 429.
    for (let index = 0; index < 10; index++) {
      await client.content.createDraft({
        channelId: channelId ?? "",
        body: `Watched post ${index}`,
      });
    }
    const refused = await client.content
      .createDraft({ channelId: channelId ?? "", body: "One too many" })
      .catch((error: unknown) => error);
    expect((refused as { status?: number }).status).toBe(429);
    await fetch(`${baseURL}/api/v1/content`); // no key: 401 missing_authorization
    await fetch(`${baseURL}/api/v1/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "get_content", arguments: { id: "cnt_missing" } },
      }),
    });

    await expect.poll(() => page.locator("#log tbody tr").count(), SOON).toBe(14);
    const rows = await page.locator("#log tbody tr").allTextContents();
    // Newest first.
    expect(rows[0]).toContain("tools/call get_content");
    expect(rows[0]).toContain("not_found");
    expect(rows[1]).toContain("missing_authorization");
    expect(rows[2]).toMatch(/POST.*\/content.*429.*rate_limited/);
    expect(rows.filter((text) => /POST.*\/content.*201/.test(text))).toHaveLength(10);

    const drafts = service
      .workspace()
      .items()
      .filter((item) => item.status === "draft").length;
    await expect
      .poll(() => page.locator('#items tr[data-workspace="ws_acme"] td').nth(1).textContent(), SOON)
      .toBe(String(drafts));
    await expect
      .poll(() => page.locator('#keys tr[data-key="key_acme_owner"]').textContent(), SOON)
      .toMatch(/10 \/ 10/);
    expect(await page.locator('[data-counter="rate limited"] b').textContent()).toBe("1");
    expect(await page.locator('[data-counter="requests"] b').textContent()).toBe("14");

    // The page's own polling is not in the fake's log; the token is nowhere on the page.
    expect(service.requests).toHaveLength(14);
    expect(await page.content()).not.toContain(apiKey);
    expect(offOrigin).toEqual([]);

    const screenshot = process.env.POSTLINE_WATCH_SCREENSHOT;
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
  }, 60_000);

  it("says when the bounded log has dropped older requests", async () => {
    const service = createFakeService();
    const { page } = await openWatchPage(service);
    expect(await page.locator("#dropped").isVisible()).toBe(false);
    const baseURL = (server as FakeServer).url;
    // Keyless 1 MB bodies, as any page can send a local port: 20 are over the 16 Mi kept.
    const body = "x".repeat(1_000_000);
    for (let index = 0; index < 20; index++) {
      await fetch(`${baseURL}/api/v1/content`, { method: "POST", body });
    }
    const dropped = service.droppedRequests;
    expect(dropped).toBeGreaterThan(0);
    await expect.poll(() => page.locator("#dropped").isVisible(), SOON).toBe(true);
    // The page polls once a second: it may first show a count from the middle of the loop.
    await expect
      .poll(() => page.locator("#dropped").textContent(), SOON)
      .toBe(
        `${dropped} older requests were dropped: the fake keeps the newest 10000 requests and 16 Mi characters of bodies.`,
      );
    // The rows shown are the entries kept, newest first.
    await expect.poll(() => page.locator("#log tbody tr").count(), SOON).toBe(20 - dropped);
    expect(await page.locator("#log tbody tr").first().getAttribute("data-index")).toBe("19");
  }, 60_000);
});
