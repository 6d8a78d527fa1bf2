/**
 * What the review card shows, in headless Chromium under ext-apps' AppBridge, fed tool results
 * directly (no server): a marked AI-ism stays readable (WCAG AA, 4.5:1) in a light and a dark host,
 * with and without the host's style variables; the header names the channel once; and the
 * model's proposed channel and time show when the answer carries them.
 *
 * Needs Chromium (as review-card-browser.test.ts) and the built card (`npm run build`).
 */
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, FrameLocator } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FLAGGED_TEXT } from "../approval/support/acknowledgments.js";
import { chromiumAvailable, launchChromium } from "../support/chromium.js";
import { hostPageHtml, hostPageScript } from "./support/card-host/host-page-bundle.js";

const CARD = new URL("../../dist/mcp/review-card.html", import.meta.url);

/** Style variables as a host sends them (ext-apps `McpUiStyles`), one set per theme. */
const HOST_VARIABLES: Record<"light" | "dark", Record<string, string>> = {
  light: {
    "--color-background-primary": "#ffffff",
    "--color-text-primary": "#1f1f1e",
    "--color-text-secondary": "#5e5d59",
    "--color-background-warning": "#fdf3d8",
    "--color-text-warning": "#8a5a00",
  },
  dark: {
    "--color-background-primary": "#262624",
    "--color-text-primary": "#f5f4ef",
    "--color-text-secondary": "#b7b5a9",
    "--color-background-warning": "#3f2f0d",
    "--color-text-warning": "#f0c25c",
  },
};

let browser: Browser | undefined;
let hostScript = "";
let cardHtml = "";
beforeAll(async () => {
  if (!chromiumAvailable) return;
  cardHtml = readFileSync(CARD, "utf8");
  hostScript = await hostPageScript();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** An `awaiting_review` answer as the server gives it, with `changes` over it. */
function awaitingReview(changes: Record<string, unknown> = {}) {
  return {
    content: [{ type: "text", text: "{}" }],
    structuredContent: {
      status: "awaiting_review",
      reason: "acknowledgment_required",
      itemId: "cnt_000001",
      text: FLAGGED_TEXT,
      aiIsmMatches: [
        { label: "delve", match: "delve" },
        { label: "tapestry", match: "tapestry" },
      ],
      channelName: "Acme on X",
      platform: "x",
      itemStatus: "draft",
      flagReasons: [],
      sensitivityReasons: [],
      message: "The person now reviews cnt_000001 in the review card shown to them.",
      ...changes,
    },
    _meta: { "io.postline/reviewToken": "v1.test" },
  };
}

/** The card in a host page under `hostContext`, showing `toolResult`. */
async function cardShowing(
  toolResult: unknown,
  /** An ext-apps `McpUiHostContext`: `theme`, `styles.variables`. */
  hostContext: Record<string, unknown> = { theme: "light" },
): Promise<FrameLocator> {
  context = await (browser as Browser).newContext({ locale: "en-US", timezoneId: "UTC" });
  const page = await context.newPage();
  for (const name of ["hostCallTool", "hostModelContext", "hostMessage"])
    await page.exposeFunction(name, () => ({}));
  await page.setContent(hostPageHtml(hostScript));
  await page.waitForFunction(() => "openCard" in window);
  await page.evaluate(
    ([html, result, ctx]) =>
      (
        window as unknown as { openCard(h: string, r: unknown, c: unknown): Promise<void> }
      ).openCard(html as string, result, ctx),
    [cardHtml, toolResult, hostContext] as const,
  );
  const card = page.frameLocator("iframe");
  if (toolResult !== undefined) {
    await expect.poll(() => card.locator("#text").textContent()).toBe(FLAGGED_TEXT);
  }
  return card;
}

type Rgba = [number, number, number, number];

/** A computed colour (`rgb(…)` / `rgba(…)`, as Chromium gives it) as channels 0–255 and alpha. */
function rgba(css: string): Rgba {
  const parts = /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)$/.exec(css);
  if (parts === null) throw new Error(`not an rgb() colour: ${css}`);
  const [, r, g, b, a] = parts;
  return [Number(r), Number(g), Number(b), a === undefined ? 1 : Number(a)];
}

/** `top` painted over the opaque `under`. */
function over([r, g, b, a]: Rgba, under: Rgba): Rgba {
  return [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a), 1];
}

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two opaque colours. */
function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The first mark's text colour against what is behind it (its background over the page's). */
async function markContrast(card: FrameLocator): Promise<number> {
  const [color, background, page] = await card
    .locator("mark")
    .first()
    .evaluate((mark) => [
      getComputedStyle(mark).color,
      getComputedStyle(mark).backgroundColor,
      getComputedStyle(document.body).backgroundColor,
    ]);
  const behind = over(rgba(background as string), over(rgba(page as string), [255, 255, 255, 1]));
  return contrast(over(rgba(color as string), behind), behind);
}

describe.skipIf(!chromiumAvailable)("the review card's look, in Chromium", () => {
  for (const theme of ["light", "dark"] as const) {
    for (const variables of [false, true]) {
      const host = `a ${theme} host ${variables ? "with" : "without"} style variables`;
      it(`a marked AI-ism reads at 4.5:1 or more in ${host}`, async () => {
        const card = await cardShowing(awaitingReview(), {
          theme,
          ...(variables ? { styles: { variables: HOST_VARIABLES[theme] } } : {}),
        });
        expect(await card.locator("mark").allTextContents()).toEqual(["delve", "tapestry"]);
        expect(await markContrast(card)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  it("a marked AI-ism reads at 4.5:1 or more whatever warning colour a host sends", async () => {
    const card = await cardShowing(awaitingReview(), {
      theme: "dark",
      styles: {
        variables: {
          ...HOST_VARIABLES.dark,
          "--color-background-warning": "#fde68a",
          "--color-text-warning": "#fef3c7",
        },
      },
    });
    expect(await markContrast(card)).toBeGreaterThanOrEqual(4.5);
  });

  it("the header names the channel once: the name, or the platform alone when there is no name", async () => {
    const named = await cardShowing(awaitingReview());
    expect(await named.locator("#channel").textContent()).toBe("Acme on X");
    await context?.close();

    const unnamed = await cardShowing(awaitingReview({ channelName: "" }));
    expect(await unnamed.locator("#channel").textContent()).toBe("X");
    expect(await unnamed.locator("#channel").textContent()).not.toMatch(/^\s|\s$| {2}|·/);
    await context?.close();

    const other = await cardShowing(awaitingReview({ channelName: "Acme", platform: "linkedin" }));
    expect(await other.locator("#channel").textContent()).toBe("Acme · LinkedIn");
  });

  it("the model's proposed channel and time show, and fill in the schedule", async () => {
    const card = await cardShowing(
      awaitingReview({
        proposal: {
          channelId: "ch_2",
          channelName: "Acme on X",
          scheduledAt: "2026-12-01T09:00:00Z",
        },
      }),
    );
    expect(await card.locator("#proposal").textContent()).toBe(
      "The agent proposes: Acme on X, Dec 1, 2026, 9:00 AM",
    );
    expect(await card.locator("#when").inputValue()).toBe("2026-12-01T09:00");
    await context?.close();

    const now = await cardShowing(
      awaitingReview({ proposal: { channelId: "ch_2", publishNow: true } }),
    );
    expect(await now.locator("#proposal").textContent()).toBe(
      "The agent proposes: ch_2, publishing now",
    );
    expect(await now.locator("#now").isChecked()).toBe(true);
  });

  it("while the call runs the card says it waits, and a cancelled call says so, with no buttons", async () => {
    const card = await cardShowing(undefined);
    await expect
      .poll(() => card.locator("#plain-summary").textContent())
      .toBe("Waiting for the tool's result.");
    expect(await card.getByRole("button").count()).toBe(0);
    const page = context?.pages()[0];
    await page?.evaluate(() =>
      (window as unknown as { cancelCall(r: string): Promise<void> }).cancelCall("user action"),
    );
    await expect
      .poll(() => card.getByRole("alert").textContent())
      .toBe("Not done: the call was cancelled (user action).");
    expect(await card.getByRole("button").count()).toBe(0);
  });

  it("without a proposal, the card says nothing about one", async () => {
    const card = await cardShowing(awaitingReview());
    expect(await card.locator("#proposal").textContent()).toBe("");
    expect(await card.locator("#proposal").isHidden()).toBe(true);
    expect(await card.locator("#when").inputValue()).toBe("");
  });
});
