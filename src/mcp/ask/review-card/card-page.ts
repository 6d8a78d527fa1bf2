/**
 * The review card as a resource: `ui://postline/review`, one self-contained HTML document
 * (`text/html;profile=mcp-app`) built with the package (scripts/build-review-card.mjs writes
 * dist/mcp/review-card.html). Its `_meta.ui.csp` names no outside domain: the card loads nothing.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { readPackageFile } from "../../server/package-file.js";

/** The card's resource URI. */
export const REVIEW_CARD_URI = "ui://postline/review";
/** The MIME type of an MCP App's HTML (SEP-1865). */
export const MCP_APP_MIME_TYPE = "text/html;profile=mcp-app";
/** Where the built card sits in the package. */
const CARD_FILE = "dist/mcp/review-card.html";

/** The card's HTML, read once per process; `undefined` where the package's files cannot be read. */
let page: Promise<string | undefined> | undefined;

/** Serves the card on `mcp` (`resources/list`, `resources/read`). */
export function registerReviewCard(mcp: McpServer): void {
  mcp.registerResource(
    "postline-review-card",
    REVIEW_CARD_URI,
    {
      title: "Postline review card",
      description:
        "Shows an item's text with its AI-writing matches marked, for a person to decide.",
      mimeType: MCP_APP_MIME_TYPE,
    },
    async (uri) => {
      page ??= readPackageFile(CARD_FILE).then((bytes) => bytes && new TextDecoder().decode(bytes));
      const html = await page;
      if (html === undefined) throw new Error("The review card is not built (npm run build)");
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: MCP_APP_MIME_TYPE,
            text: html,
            _meta: {
              ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true },
            },
          },
        ],
      };
    },
  );
}
