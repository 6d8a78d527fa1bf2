/**
 * `postline mcp --fake --http --preview`: the review card in a browser, on the embedded fake. A
 * flagged draft is seeded, and `/preview` serves a small host page (the package's
 * dist/mcp/review-card-preview.html, built on ext-apps' AppBridge) that connects to `/mcp` beside
 * it and opens the card on that item through `review_content`. The page is behind the endpoint's
 * own `Host`/`Origin` guards, on the same 127.0.0.1 listener.
 */
import { spawn } from "node:child_process";
import type { Postline } from "../client.js";
import { readPackageFile } from "../mcp/server/package-file.js";
import { localhostRefusal } from "../mcp/transport/http-endpoint.js";
import type { Beside } from "./serve-fetch.js";

/** Where the page is served. */
const PREVIEW_PATH = "/preview";
const PAGE_FILE = "dist/mcp/review-card-preview.html";
/** A post the fake's AI-ism patterns flag ("delve", "tapestry"), as an agent might draft it. */
const SEEDED_TEXT =
  "We delve into the rich tapestry of this week's release: exports now run twice as fast.";

/** The preview's routes, and the address to open. */
export interface CardPreview {
  /** Answers `/preview`, and hands every other request to the MCP endpoint. */
  fetch(request: Request): Promise<Response>;
  /** The fake's routes, minus `/preview`. */
  beside: Beside;
  /** `/preview?item=<id>`: the page, opened on the seeded item. */
  path: string;
  /** Opens `url` in the default browser (`--open`). */
  open: typeof openInBrowser;
}

/** Seeds a flagged draft on the fake's first X channel and serves the page that reviews it. */
export async function cardPreview(
  mcpFetch: (request: Request) => Promise<Response>,
  fakeRoutes: Beside,
  client: Postline,
): Promise<CardPreview> {
  const page = await readPackageFile(PAGE_FILE);
  if (page === undefined) {
    throw new Error(`The review card's preview page is not built: ${PAGE_FILE} (npm run build)`);
  }
  const [channel] = await client.channels.list({ platform: "x" });
  if (channel === undefined) throw new Error("The fake has no X channel to draft on");
  const draft = await client.content.createDraft({ channelId: channel.id, body: SEEDED_TEXT });
  return {
    async fetch(request) {
      if (new URL(request.url).pathname !== PREVIEW_PATH) return mcpFetch(request);
      const refused = localhostRefusal(request);
      if (refused) return refused;
      if (request.method !== "GET" && request.method !== "HEAD") {
        return new Response(null, { status: 405, headers: { allow: "GET, HEAD" } });
      }
      return new Response(request.method === "HEAD" ? null : (page as BodyInit), {
        headers: {
          "content-type": "text/html; charset=utf-8",
          "cache-control": "no-store",
          // Another site may not frame the page and steer its clicks.
          "content-security-policy": "frame-ancestors 'none'",
        },
      });
    },
    beside: {
      owns: (pathname) => pathname !== PREVIEW_PATH && fakeRoutes.owns(pathname),
      listener: fakeRoutes.listener,
    },
    path: `${PREVIEW_PATH}?item=${encodeURIComponent(draft.id)}`,
    open: openInBrowser,
  };
}

/**
 * Opens `url` in the default browser (`open` on macOS, `start` on Windows, `xdg-open`
 * elsewhere), without waiting for it; `onFailure` hears when no opener could be started.
 */
function openInBrowser(url: string, onFailure: (message: string) => void): void {
  const [command, args] =
    process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["cmd", ["/c", "start", "", url]]
        : ["xdg-open", [url]];
  const opener = spawn(command, args, { stdio: "ignore", detached: true });
  opener.once("error", () => onFailure(`could not start ${command}; open ${url} yourself`));
  opener.unref();
}
