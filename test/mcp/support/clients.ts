/**
 * The two official MCP clients, one per protocol revision, behind one small interface so every
 * MCP test runs in both: the v1 SDK's `Client` (`@modelcontextprotocol/sdk`, 2025-11-25) and the
 * v2 SDK's `Client` (`@modelcontextprotocol/client`) pinned to 2026-07-28.
 */

import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as V1HttpTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** The protocol revisions `postline mcp` serves. */
export const REVISIONS = ["2025-11-25", "2026-07-28"] as const;
/** One of {@link REVISIONS}. */
export type Revision = (typeof REVISIONS)[number];

/** What the tests need of a client, whichever SDK it comes from. */
export interface McpTestClient {
  readonly revision: Revision;
  /** The SDK the client comes from and the revision it speaks, for test titles. */
  readonly label: string;
  listTools(): Promise<{ tools: ListedTool[] }>;
  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    options?: CallOptions,
  ): Promise<ToolCallResult>;
  /** The server's name from `initialize` (2025) or `server/discover` (2026). */
  serverName(): string | undefined;
  /** The revision the connection speaks. */
  protocolVersion(): string | undefined;
  /** `legacy` (2025 `initialize`) or `modern` (2026-07-28), as the v2 client reports it. */
  era(): string | undefined;
  close(): Promise<void>;
}

/** A `tools/list` entry as the tests read it. */
export interface ListedTool {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema: { [key: string]: unknown };
  outputSchema?: { type?: unknown; [key: string]: unknown } | undefined;
  annotations?: { [key: string]: unknown } | undefined;
  [key: string]: unknown;
}

/** A `tools/call` result as the tests read it. */
export interface ToolCallResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: boolean | undefined;
  [key: string]: unknown;
}

/** Per-call options both SDKs take. */
export interface CallOptions {
  signal?: AbortSignal;
  onprogress?: (progress: { progress: number; message?: string | undefined }) => void;
  timeout?: number;
}

/** How to reach the server: a URL (with an in-process `fetch`, or the network), or a command. */
export type Target =
  | {
      readonly url: string;
      readonly fetch?: typeof fetch;
      /** Headers on every request (an `Authorization` for the fake's endpoint). */
      readonly headers?: Record<string, string>;
    }
  | {
      readonly command: string;
      readonly args: readonly string[];
      /** The child's environment (default: the SDK's short safe list). */
      readonly env?: Record<string, string>;
      /** Receives what the child writes to stderr. */
      readonly onStderr?: (text: string) => void;
    };

/** The stdio transport options of a command target, for either SDK. */
function stdioOptions(target: {
  command: string;
  args: readonly string[];
  env?: Record<string, string>;
}) {
  return {
    command: target.command,
    args: [...target.args],
    ...(target.env ? { env: target.env } : {}),
    stderr: "pipe" as const,
  };
}

/** Hands the child's stderr to `onStderr`, when the target has one. */
function listenToStderr(transport: unknown, target: Target): void {
  const onStderr = "url" in target ? undefined : target.onStderr;
  if (onStderr === undefined) return;
  const { stderr } = transport as { stderr?: NodeJS.ReadableStream | null };
  stderr?.on("data", (chunk: Buffer) => onStderr(chunk.toString("utf8")));
}

/** Connects the client of `revision` to `target`. */
export async function connectClient(
  revision: Revision,
  target: Target,
  name = "postline-test",
): Promise<McpTestClient> {
  return revision === "2025-11-25" ? connectV1(target, name) : connectV2(target, name, "pin");
}

/**
 * The v2 client in `auto` mode: it probes with `server/discover` and falls back to the 2025
 * `initialize` handshake when the server does not offer 2026-07-28.
 */
export function connectAutoClient(target: Target, name = "postline-test"): Promise<McpTestClient> {
  return connectV2(target, name, "auto");
}

function httpOptions(target: { fetch?: typeof fetch; headers?: Record<string, string> }) {
  return {
    ...(target.fetch ? { fetch: target.fetch } : {}),
    ...(target.headers ? { requestInit: { headers: target.headers } } : {}),
  };
}

async function connectV1(target: Target, name: string): Promise<McpTestClient> {
  const client = new V1Client({ name, version: "1.0.0" });
  const transport =
    "url" in target
      ? new V1HttpTransport(new URL(target.url), httpOptions(target))
      : new V1StdioClientTransport(stdioOptions(target));
  listenToStderr(transport, target);
  // The v1 client hands the negotiated revision to a transport that takes it.
  let negotiated: string | undefined;
  const { setProtocolVersion } = transport as { setProtocolVersion?: (version: string) => void };
  (transport as { setProtocolVersion?: (version: string) => void }).setProtocolVersion = (
    version,
  ) => {
    negotiated = version;
    setProtocolVersion?.call(transport, version);
  };
  await client.connect(transport);
  return {
    revision: "2025-11-25",
    label: "v1 client (2025-11-25)",
    listTools: () => client.listTools() as Promise<{ tools: ListedTool[] }>,
    callTool: (params, options) =>
      client.callTool(params, undefined, options) as Promise<ToolCallResult>,
    serverName: () => client.getServerVersion()?.name,
    protocolVersion: () => negotiated,
    era: () => "legacy",
    close: () => client.close(),
  };
}

async function connectV2(
  target: Target,
  name: string,
  mode: "pin" | "auto",
): Promise<McpTestClient> {
  const client = new Client(
    { name, version: "1.0.0" },
    { versionNegotiation: { mode: mode === "auto" ? "auto" : { pin: "2026-07-28" } } },
  );
  const transport =
    "url" in target
      ? new StreamableHTTPClientTransport(new URL(target.url), httpOptions(target))
      : new StdioClientTransport(stdioOptions(target));
  listenToStderr(transport, target);
  await client.connect(transport);
  return {
    revision: "2026-07-28",
    label: mode === "auto" ? "v2 client (auto)" : "v2 client (2026-07-28)",
    listTools: () => client.listTools() as Promise<{ tools: ListedTool[] }>,
    callTool: (params, options) => client.callTool(params, options) as Promise<ToolCallResult>,
    serverName: () => client.getServerVersion()?.name,
    protocolVersion: () => client.getNegotiatedProtocolVersion(),
    era: () => client.getProtocolEra(),
    close: () => client.close(),
  };
}
