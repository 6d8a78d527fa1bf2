/**
 * JSON-RPC sent by hand, for what the official clients never send (a malformed `_meta`): over
 * Streamable HTTP in either revision, and over a `postline mcp` child's stdio.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { Revision } from "./clients.js";

/** MCP allows a string or an integer as a progress token; these are neither. */
export const MALFORMED_PROGRESS_TOKENS: readonly unknown[] = [{ a: 1 }, null, 1.5, true, [1]];

/** The 2026-07-28 envelope every request carries in its `_meta`. */
export const ENVELOPE_2026 = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "raw-rpc", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

const INITIALIZE = {
  jsonrpc: "2.0",
  id: "init",
  method: "initialize",
  params: {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "raw-rpc", version: "1.0.0" },
  },
};

/** A request's `_meta` in `revision`: the 2026 envelope keys added to `meta`. */
export function metaFor(revision: Revision, meta: unknown): unknown {
  if (revision === "2025-11-25" || meta === null || typeof meta !== "object") return meta;
  return { ...ENVELOPE_2026, ...meta };
}

/** The JSON-RPC messages of a response body, plain JSON or SSE. */
export async function messagesOf(response: Response): Promise<Record<string, unknown>[]> {
  const text = await response.text();
  if (!(response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    return text === "" ? [] : [JSON.parse(text)];
  }
  return text
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => JSON.parse(line.slice(5)) as Record<string, unknown>);
}

/** Sends `message` to an HTTP endpoint as a client of `revision` would, after its opening. */
export async function postAs(
  revision: Revision,
  fetchEndpoint: (request: Request) => Promise<Response>,
  url: string,
  message: { method: string; params?: { name?: string } },
): Promise<Record<string, unknown>[]> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    host: "127.0.0.1",
    "mcp-protocol-version": revision,
  };
  if (revision === "2025-11-25") {
    const opened = await fetchEndpoint(
      new Request(url, { method: "POST", headers, body: JSON.stringify(INITIALIZE) }),
    );
    headers["mcp-session-id"] = opened.headers.get("mcp-session-id") ?? "";
    await opened.text();
  } else {
    headers["mcp-method"] = message.method;
    if (message.params?.name) headers["mcp-name"] = message.params.name;
  }
  const response = await fetchEndpoint(
    new Request(url, { method: "POST", headers, body: JSON.stringify(message) }),
  );
  return messagesOf(response);
}

/** A `postline mcp` child over stdio, answering raw JSON-RPC lines. */
export class StdioPeer {
  readonly #child: ChildProcess;
  readonly #messages: Record<string, unknown>[] = [];
  #stderr = "";

  /** Starts `command`, with `env` as its environment when given (else this process's). */
  constructor(command: string, args: readonly string[], env?: NodeJS.ProcessEnv) {
    this.#child = spawn(command, [...args], {
      stdio: ["pipe", "pipe", "pipe"],
      ...(env ? { env } : {}),
    });
    this.#child.stderr?.on("data", (chunk: Buffer) => {
      this.#stderr += chunk.toString();
    });
    let pending = "";
    this.#child.stdout?.on("data", (chunk: Buffer) => {
      pending += chunk.toString();
      let newline = pending.indexOf("\n");
      while (newline !== -1) {
        this.#messages.push(JSON.parse(pending.slice(0, newline)));
        pending = pending.slice(newline + 1);
        newline = pending.indexOf("\n");
      }
    });
  }

  /** Opens the connection in `revision`: `initialize` in 2025, nothing to open in 2026. */
  async open(revision: Revision): Promise<void> {
    if (revision === "2026-07-28") return;
    this.send(INITIALIZE);
    await this.answerTo("init");
    this.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  }

  send(message: unknown): void {
    this.#child.stdin?.write(`${JSON.stringify(message)}\n`);
  }

  /** The answer to the request with `id`, once it comes. */
  async answerTo(id: string | number, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.#messages.find((message) => message.id === id);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no answer to request ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** What the child wrote on stderr so far. */
  get stderr(): string {
    return this.#stderr;
  }

  /** Sends SIGTERM; resolves with the exit code once the process has exited. */
  close(): Promise<number | null> {
    const exited = this.#exited();
    this.#child.kill();
    return exited;
  }

  /** Closes stdin, the host's goodbye; resolves with the exit code once the process has exited. */
  endInput(): Promise<number | null> {
    const exited = this.#exited();
    this.#child.stdin?.end();
    return exited;
  }

  #exited(): Promise<number | null> {
    return new Promise<number | null>((resolve) => {
      if (this.#child.exitCode !== null) resolve(this.#child.exitCode);
      else this.#child.once("exit", (code) => resolve(code));
    });
  }
}
