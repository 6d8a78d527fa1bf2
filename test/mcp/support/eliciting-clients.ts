/**
 * The official MCP clients as a host that can show its person a form: the v2 client pinned to
 * 2026-07-28 answers `input_required` through its `elicitation/create` handler, the v1 client
 * (2025-11-25) answers the server's `elicitation/create`. Each records the forms it was shown,
 * exactly as they arrived.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as V1HttpTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Revision, Target, ToolCallResult } from "./clients.js";

/** An `elicitation/create` request's params as the host received them. */
export interface ShownForm {
  mode?: string;
  message: string;
  requestedSchema: Record<string, unknown>;
  [key: string]: unknown;
}

/** What the host answers: accept with content, decline, or cancel. */
export type FormAnswer =
  | { action: "accept"; content: Record<string, string | number | boolean | string[]> }
  | { action: "decline" }
  | { action: "cancel" };

/** The person at the host: sees each form and answers it. */
export type Person = (form: ShownForm) => Promise<FormAnswer>;

export interface ElicitingClient {
  readonly forms: ShownForm[];
  callTool(name: string, args: Record<string, unknown>): Promise<ToolCallResult>;
  close(): Promise<void>;
}

/** Connects the official client of `revision`, declaring form elicitation, to `target`. */
export async function connectElicitingClient(
  revision: Revision,
  target: Target,
  person: Person,
): Promise<ElicitingClient> {
  const forms: ShownForm[] = [];
  const answer = async (params: unknown) => {
    const form = structuredClone(params) as ShownForm;
    forms.push(form);
    return person(form);
  };
  const info = { name: "eliciting-host", version: "1.0.0" };
  const capabilities = { elicitation: { form: {} } };
  if (revision === "2025-11-25") {
    const client = new V1Client(info, { capabilities });
    client.setRequestHandler(ElicitRequestSchema, (request) => answer(request.params));
    await client.connect(
      "url" in target
        ? new V1HttpTransport(new URL(target.url), target.fetch ? { fetch: target.fetch } : {})
        : new V1StdioClientTransport({
            command: target.command,
            args: [...target.args],
            ...(target.env ? { env: target.env } : {}),
          }),
    );
    return {
      forms,
      callTool: (name, args) =>
        client.callTool({ name, arguments: args }) as Promise<ToolCallResult>,
      close: () => client.close(),
    };
  }
  const client = new Client(info, {
    capabilities,
    versionNegotiation: { mode: { pin: "2026-07-28" } },
  });
  client.setRequestHandler("elicitation/create", (request) => answer(request.params));
  await client.connect(
    "url" in target
      ? new StreamableHTTPClientTransport(
          new URL(target.url),
          target.fetch ? { fetch: target.fetch } : {},
        )
      : new StdioClientTransport({
          command: target.command,
          args: [...target.args],
          ...(target.env ? { env: target.env } : {}),
        }),
  );
  return {
    forms,
    callTool: (name, args) => client.callTool({ name, arguments: args }) as Promise<ToolCallResult>,
    close: () => client.close(),
  };
}
