/**
 * MCP hosts of every kind the gate meets, with the official v2 client in either revision against
 * `createMcpServer` through the endpoint `postline mcp --http` serves, in process, or against a
 * `postline mcp` command over stdio or at its `--http` URL: a host that shows a form, one that
 * renders the review card, one that does both, and one that does neither.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { createMcpServer, type McpServerOptions } from "../../../src/mcp/index.js";
import {
  createMcpHttpEndpoint,
  type McpHttpEndpoint,
} from "../../../src/mcp/transport/http-endpoint.js";
import type { ShownForm } from "../../mcp/support/eliciting-clients.js";
import { inProcessFetch } from "../../mcp/support/in-memory-client.js";
import type { FakeSession } from "../../support/fake-session.js";

/** What a host can do for its person. */
export const HOST_KINDS = ["form", "apps", "both", "neither"] as const;
export type HostKind = (typeof HOST_KINDS)[number];

const APPS = { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } };
/** The `_meta` key of the card's review token. */
export const TOKEN_KEY = "io.postline/reviewToken";

/** Where a host connects: an endpoint in process, a URL, or a command it runs over stdio. */
export type HostTarget =
  | McpHttpEndpoint
  | URL
  | { readonly command: string; readonly args: string[]; readonly env: Record<string, string> };

/** A connected host, the forms its person was shown, and a way to call a tool. */
export interface TestHost {
  readonly forms: ShownForm[];
  call(name: string, args: unknown): Promise<HostResult>;
  close(): Promise<void>;
}

/** A `tools/call` result as the suite reads it. */
export interface HostResult {
  readonly isError?: boolean | undefined;
  readonly structuredContent?: Record<string, unknown> | undefined;
  readonly content?: unknown;
  readonly _meta?: Record<string, unknown> | undefined;
}

/** The error envelope in a result's text, if any. */
export function errorOf(result: HostResult): Record<string, unknown> | undefined {
  const [item] = (result.content ?? []) as { text?: string }[];
  return (JSON.parse(item?.text ?? "{}") as { error?: Record<string, unknown> }).error;
}

/** The endpoint `postline mcp --http` serves for `options`. */
export function endpointOf(
  session: FakeSession,
  options: Partial<McpServerOptions> = {},
): McpHttpEndpoint {
  return createMcpHttpEndpoint(() => createMcpServer({ client: session.client, ...options }));
}

/** Connects a host of `kind` speaking `revision`; its person approves every form (or `answer`). */
export async function connectHost(
  revision: "2025-11-25" | "2026-07-28",
  kind: HostKind,
  target: HostTarget,
  answer: "approve" | "decline" = "approve",
): Promise<TestHost> {
  const forms: ShownForm[] = [];
  const form = kind === "form" || kind === "both";
  const apps = kind === "apps" || kind === "both";
  const client = new Client(
    { name: `${kind}-host`, version: "1.0.0" },
    {
      versionNegotiation: { mode: revision === "2025-11-25" ? "legacy" : { pin: revision } },
      capabilities: {
        ...(form ? { elicitation: { form: {} } } : {}),
        ...(apps ? { extensions: APPS } : {}),
      },
    },
  );
  if (form) {
    client.setRequestHandler("elicitation/create", async (request) => {
      forms.push(structuredClone(request.params) as ShownForm);
      return answer === "approve"
        ? { action: "accept", content: { approve: true } }
        : { action: "decline" };
    });
  }
  await client.connect(
    target instanceof URL
      ? new StreamableHTTPClientTransport(target)
      : "command" in target
        ? new StdioClientTransport(target)
        : new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
            fetch: inProcessFetch(target),
          }),
  );
  return {
    forms,
    call: (name, args) =>
      client.callTool({ name, arguments: args as Record<string, unknown> }) as Promise<HostResult>,
    close: () => client.close(),
  };
}
