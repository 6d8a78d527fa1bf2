/**
 * `postline mcp --fake --http --preview` (the built command): it prints the preview page's
 * address after the endpoint's; the page is served on 127.0.0.1 behind the endpoint's `Host`
 * and `Origin` guards; with `--open` it hands that address to the system's opener (on Linux,
 * `xdg-open`, here a stand-in on PATH); and in Chromium it opens the review card on the seeded
 * flagged draft, whose Approve reaches the fake.
 *
 * The browser part needs Chromium (as review-card-browser.test.ts); it is skipped without it.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable, launchChromium } from "../support/chromium.js";
import { type PostlineMcpHttp, startPostlineMcpHttp } from "./support/postline-mcp-http.js";

const SEEDED_TEXT =
  "We delve into the rich tapestry of this week's release: exports now run twice as fast.";

let server: PostlineMcpHttp;
let previewUrl = "";
beforeAll(async () => {
  server = await startPostlineMcpHttp(["--preview"]);
  // The page's address is the second line, written just after the endpoint's.
  for (let tries = 0; server.stdout().split("\n").length < 3 && tries < 100; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  previewUrl = server.stdout().split("\n")[1] as string;
});
afterAll(() => server?.stop());

/** A GET with the `Host` and `Origin` headers given (fetch may not set `Host`). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const sent = request(url, { headers }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers["content-type"]),
          body,
        }),
      );
    });
    sent.on("error", reject);
    sent.end();
  });
}

describe("postline mcp --fake --http --preview", () => {
  it("prints the endpoint, then the preview page on the seeded item, both on 127.0.0.1", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(previewUrl).toBe(
      `${new URL(server.url).origin}/preview?item=${previewUrl.split("=")[1]}`,
    );
    expect(previewUrl).toMatch(/\?item=cnt_\w+$/);
    await expect.poll(() => server.stderr()).toContain(`in a browser: ${previewUrl}`);
  });

  it("serves the host page, and refuses a foreign Host or Origin with 403", async () => {
    const page = await get(previewUrl);
    expect(page.status).toBe(200);
    expect(page.type).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("<title>Postline review card preview</title>");
    const port = new URL(previewUrl).port;
    expect((await get(previewUrl, { host: `evil.example:${port}` })).status).toBe(403);
    expect((await get(previewUrl, { origin: "http://evil.example" })).status).toBe(403);
  });

  it("the fake's watch page and the endpoint still answer beside it", async () => {
    const origin = new URL(server.url).origin;
    expect((await get(`${origin}/`)).body).toContain("<!doctype html>");
    expect((await get(server.url)).status).not.toBe(404);
  });
});

describe.skipIf(process.platform !== "linux")("postline mcp --fake --http --preview --open", () => {
  it("hands the page's address to xdg-open, once", async () => {
    const bin = mkdtempSync(join(tmpdir(), "postline-open-"));
    const opened = join(bin, "opened");
    const opener = join(bin, "xdg-open");
    writeFileSync(opener, `#!/bin/sh\nprintf '%s\\n' "$@" >> '${opened}'\n`);
    chmodSync(opener, 0o755);
    const run = await startPostlineMcpHttp(["--preview", "--open"], {
      ...process.env,
      PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`,
    });
    try {
      await expect
        .poll(() => (existsSync(opened) ? readFileSync(opened, "utf8") : ""))
        .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/preview\?item=cnt_\w+\n$/);
      expect(readFileSync(opened, "utf8")).toBe(`${run.stdout().split("\n")[1]}\n`);
    } finally {
      await run.stop();
      rmSync(bin, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!chromiumAvailable)("the preview page in Chromium", () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("opens the card on the seeded draft, its matches marked; Approve reaches the fake", async () => {
    const page = await (browser as Browser).newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(previewUrl);
    const card = page.frameLocator("iframe");
    await expect.poll(() => card.locator("#text").textContent()).toBe(SEEDED_TEXT);
    expect(await card.locator("mark").allTextContents()).toEqual(
      expect.arrayContaining(["delve", "rich tapestry"]),
    );
    await expect.poll(() => card.locator("#approve").isEnabled()).toBe(true);
    await card.locator("#approve").click();
    await expect
      .poll(() => page.locator("#log").textContent())
      .toMatch(/approved .* it is pending/);
    expect(errors).toEqual([]);
  });
});
