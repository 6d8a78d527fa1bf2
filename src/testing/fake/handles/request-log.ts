/** What the fake remembers of each request, for tests that count attempts and duplicates. */
import { z } from "zod";
import type { ApprovalSource } from "../../../contract/approval-source.js";
import { jsonOrText } from "../../../core/json-or-text.js";
import type { FakeOutcome } from "../http/fake-response.js";

/** One request the fake received. The Authorization header and cookies are never recorded. */
export interface RecordedRequest {
  /** The model's clock when it arrived. */
  at: Date;
  /** The HTTP method. */
  method: string;
  /** The path under `/api/v1`, e.g. `/content/cnt_000001`. */
  path: string;
  /** The query string without `?` (empty when none). */
  query: string;
  /** The parsed JSON body, or the raw text if it was not JSON; `undefined` without a body. */
  body: unknown;
  /** The status answered; `null` when the connection was dropped or refused. */
  status: number | null;
  /** `response`, or `dropped` / `refused` when the connection failed. */
  outcome: "response" | "dropped" | "refused";
  /** Whether the request changed the model (a write that was applied). */
  applied: boolean;
  /** The id of the key that made it, when the bearer resolved. */
  keyId?: string;
  /** The name of that key (never its token). */
  keyName?: string;
  /** What authenticated it, when something did: a bearer `key` or a browser `session`. */
  credential?: "key" | "session";
  /** The injected fault that applied, if any. */
  fault?: string;
  /**
   * The envelope's `error.code` of a refusal; over MCP, that of a JSON-RPC error's `data` or of
   * an `isError` tool result (the HTTP status is then 200).
   */
  errorCode?: string;
  /** For the MCP endpoint: the JSON-RPC method, with the tool's name for `tools/call`. */
  mcpCall?: string;
  /** The request carried `acknowledgeAiIsms: true` (in its body, or a tool call's arguments). */
  acknowledgedAiIsms?: true;
  /**
   * The face that sent it, when it said so: `review-card` for the MCP review card's writes and
   * the re-read before them (the `x-postline-approval-source` header; no other value is kept).
   */
  approvalSource?: ApprovalSource;
}

/** Called with each request once it has been answered (or its connection failed). */
export type RequestListener = (request: Readonly<RecordedRequest>) => void;

/**
 * How much the log keeps: the newest requests, at most this many and this many characters of
 * bodies in all. Any page can send a local fake keyless requests, and every one is logged with
 * its body (up to the 1 MiB cap): unbounded, 300 of 1 MB grew the process by 383 MB (bounded:
 * 83 MB). Listed in docs/testing.md.
 */
export const REQUEST_LOG_LIMITS = Object.freeze({ entries: 10_000, bodyChars: 16 * 1_048_576 });

/** The fake's request log: entries in arrival order, and listeners told of each answered one. */
export class RequestLog {
  readonly entries: RecordedRequest[] = [];
  /** The body size of each entry, in step with `entries`. */
  readonly #sizes: number[] = [];
  #bodyChars = 0;
  #dropped = 0;
  readonly #listeners = new Set<RequestListener>();

  /** How many of the oldest entries were dropped to keep within the limits, since the last clear. */
  get dropped(): number {
    return this.#dropped;
  }

  /**
   * Adds a request as it arrives, whose body text was `bodyChars` long; for the MCP endpoint
   * (`mcp`), notes the JSON-RPC call it makes. The oldest entries go while the log is over its
   * limits.
   */
  add(entry: RecordedRequest, { mcp, bodyChars }: { mcp: boolean; bodyChars: number }): void {
    const call = mcp ? mcpCallOf(entry.body) : undefined;
    if (call !== undefined) entry.mcpCall = call;
    if (carriesAcknowledgment(entry.body, { mcp })) entry.acknowledgedAiIsms = true;
    this.entries.push(entry);
    this.#sizes.push(bodyChars);
    this.#bodyChars += bodyChars;
    while (
      this.entries.length > 1 &&
      (this.entries.length > REQUEST_LOG_LIMITS.entries ||
        this.#bodyChars > REQUEST_LOG_LIMITS.bodyChars)
    ) {
      this.entries.shift();
      this.#bodyChars -= this.#sizes.shift() ?? 0;
      this.#dropped += 1;
    }
  }

  /** Forgets every entry, and the count of dropped ones. */
  clear(): void {
    this.entries.length = 0;
    this.#sizes.length = 0;
    this.#bodyChars = 0;
    this.#dropped = 0;
  }

  /** Notes what the caller got, then tells the listeners. */
  settle(entry: RecordedRequest, outcome: FakeOutcome): FakeOutcome {
    if (outcome.kind === "network-error") entry.outcome = outcome.reason;
    else {
      entry.status = outcome.response.status;
      const code = errorCodeOf(entry, outcome.response.status, outcome.response.body);
      if (code !== undefined) entry.errorCode = code;
    }
    for (const listener of this.#listeners) listener(entry);
    return outcome;
  }

  /** Adds a listener; returns the function that removes it. */
  listen(listener: RequestListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** `tools/call list_channels`, `initialize`, ... for a JSON-RPC body (a batch joins them). */
function mcpCallOf(body: unknown): string | undefined {
  const messages = Array.isArray(body) ? body : [body];
  const calls = messages.flatMap((message) => {
    if (!isObject(message) || typeof message.method !== "string") return [];
    const name = isObject(message.params) ? message.params.name : undefined;
    return [typeof name === "string" ? `${message.method} ${name}` : message.method];
  });
  return calls.length > 0 ? calls.join(", ") : undefined;
}

/** Whether a body (or, over MCP, a tool call's arguments) says `acknowledgeAiIsms: true`. */
function carriesAcknowledgment(body: unknown, { mcp }: { mcp: boolean }): boolean {
  if (!mcp) return isObject(body) && body.acknowledgeAiIsms === true;
  return (Array.isArray(body) ? body : [body]).some(
    (message) =>
      isObject(message) &&
      isObject(message.params) &&
      isObject(message.params.arguments) &&
      message.params.arguments.acknowledgeAiIsms === true,
  );
}

const CodedSchema = z.object({ code: z.string() });
const EnvelopeSchema = z.object({ error: CodedSchema });
/** A JSON-RPC error carries the envelope's `error` as `data`. */
const RpcErrorSchema = z.object({ error: z.object({ data: CodedSchema }) });
/** An `isError` tool result holds the envelope as its first content's text. */
const ToolErrorSchema = z.object({
  result: z.object({
    isError: z.literal(true),
    content: z.tuple([z.object({ text: z.string() })], z.unknown()),
  }),
});

function errorCodeOf(
  entry: RecordedRequest,
  status: number,
  body: string | null,
): string | undefined {
  if (body === null || (status < 400 && entry.mcpCall === undefined)) return undefined;
  for (const reply of [jsonOrText(body).value].flat()) {
    const toolText = ToolErrorSchema.safeParse(reply).data?.result.content[0].text;
    const code =
      EnvelopeSchema.safeParse(reply).data?.error.code ??
      RpcErrorSchema.safeParse(reply).data?.error.data.code ??
      (toolText === undefined ? undefined : envelopeCode(toolText));
    if (code !== undefined) return code;
  }
  return undefined;
}

function envelopeCode(text: string): string | undefined {
  return EnvelopeSchema.safeParse(jsonOrText(text).value).data?.error.code;
}

function isObject(value: unknown): value is Record<string, any> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
