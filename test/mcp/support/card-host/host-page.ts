/**
 * A minimal MCP Apps host page for the review card's browser test, on
 * `@modelcontextprotocol/ext-apps/app-bridge`: it renders the card's HTML in a sandboxed frame
 * under the host context the test gives (theme, style variables), hands it the tool result, and
 * forwards the card's tool calls, model-context updates and messages to the test (functions the
 * test exposes on `window`, backed by the official client).
 */
import {
  AppBridge,
  type McpUiHostContext,
  PostMessageTransport,
} from "@modelcontextprotocol/ext-apps/app-bridge";

interface HostWindow {
  hostCallTool(params: unknown): Promise<never>;
  hostModelContext(params: unknown): Promise<void>;
  hostMessage(params: unknown): Promise<void>;
  /** Shows the card; without `toolResult`, the call is still running. */
  openCard(html: string, toolResult?: unknown, hostContext?: McpUiHostContext): Promise<void>;
  /** The host tells the shown card that its call was cancelled. */
  cancelCall(reason: string): Promise<void>;
}
const host = window as unknown as Window & HostWindow;

let shown: AppBridge | undefined;

host.cancelCall = async (reason) => {
  await shown?.sendToolCancelled({ reason });
};

host.openCard = async (html, toolResult, hostContext = { theme: "light" }) => {
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.title = "Postline review card";
  frame.style.cssText = "width: 640px; height: 560px; border: 1px solid #ccc";
  document.body.append(frame);
  const bridge = new AppBridge(
    null,
    { name: "card-test-host", version: "1.0.0" },
    { serverTools: {}, updateModelContext: { text: {} }, message: { text: {} } },
    { hostContext },
  );
  bridge.oncalltool = (params) => host.hostCallTool(params);
  bridge.onupdatemodelcontext = async (params) => {
    await host.hostModelContext(params);
    return {};
  };
  bridge.onmessage = async (params) => {
    await host.hostMessage(params);
    return {};
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  // Connected before the card loads: its first message is its initialize request.
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  frame.srcdoc = html;
  await initialized;
  shown = bridge;
  if (toolResult !== undefined) await bridge.sendToolResult(toolResult as never);
};
