/**
 * The review card's preview page (`postline mcp --fake --http --preview`): a small MCP Apps host
 * on `@modelcontextprotocol/ext-apps/app-bridge` and the official client. It connects to the
 * endpoint beside it (`/mcp`) as a host that declares the Apps extension, finds the card from
 * `review_content`'s listing, opens it for the item the address names (`?item=`), and shows what
 * the card tells the host. Bundled into one page at build time (scripts/build-review-card.mjs).
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  AppBridge,
  getToolUiResourceUri,
  type McpUiTheme,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
} from "@modelcontextprotocol/ext-apps/app-bridge";

const HOST = { name: "postline-card-preview", version: "1.0.0" };
const APPS = { "io.modelcontextprotocol/ui": { mimeTypes: [RESOURCE_MIME_TYPE] } };
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** A handler of what the card tells the host: a line in the page's log, `words` first. */
function logAs(words: string) {
  return async (params: { content?: unknown }) => {
    const blocks = (params.content ?? []) as { text?: string }[];
    const textContent = `${words}: ${blocks.map((block) => block.text ?? "").join(" ")}`;
    byId("log").append(Object.assign(document.createElement("li"), { textContent }));
    return {};
  };
}

async function open(itemId: string): Promise<void> {
  const client = new Client(HOST, { capabilities: { extensions: APPS } as never });
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", location.href)));
  const { tools } = await client.listTools();
  const reviewTool = tools.find((tool) => tool.name === "review_content");
  const uri = reviewTool && getToolUiResourceUri(reviewTool);
  if (uri === undefined) throw new Error("The server lists no review card for review_content");
  const { contents } = await client.readResource({ uri });
  const html = (contents[0] as { text?: string } | undefined)?.text ?? "";

  const theme = byId<HTMLSelectElement>("theme");
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.title = "Postline review card";
  byId("card").replaceChildren(frame);
  // The client given here answers the card's own calls (decide_review) through the server.
  const bridge = new AppBridge(
    client,
    HOST,
    { serverTools: {}, updateModelContext: { text: {} }, message: { text: {} } },
    { hostContext: { theme: theme.value as McpUiTheme } },
  );
  bridge.onupdatemodelcontext = logAs("The model would be told");
  bridge.onmessage = logAs("The card sent a message");
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${height}px`;
  };
  theme.addEventListener("change", () => {
    bridge.setHostContext({ theme: theme.value as McpUiTheme });
    document.documentElement.style.colorScheme = theme.value;
  });
  const initialized = new Promise((resolve) => bridge.addEventListener("initialized", resolve));
  // Connected before the card loads: its first message is its initialize request.
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  frame.srcdoc = html;
  await initialized;
  const call = { name: "review_content", arguments: { id: itemId } };
  await bridge.sendToolInput({ arguments: call.arguments });
  await bridge.sendToolResult((await client.callTool(call)) as never);
}

const itemId = new URLSearchParams(location.search).get("item") ?? "";
byId("item").textContent = itemId === "" ? "no item (add ?item=<id>)" : itemId;
if (itemId !== "") {
  open(itemId).catch((error: unknown) => {
    byId("status").textContent =
      `Could not open the card: ${error instanceof Error ? error.message : String(error)}`;
  });
}
