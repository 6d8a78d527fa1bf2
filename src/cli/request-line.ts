/** One line of `postline fake --log`: a request as the fake answered it, never its token. */
import { createRedactor } from "../core/redact.js";
import type { RecordedRequest } from "../testing/fake/handles/request-log.js";
import { terminalSafe } from "./terminal-text.js";

const redact = createRedactor(undefined);

/**
 * E.g. `10:43:20.123  POST    /content  429  rate_limited  Default key (key_000001)`: the
 * model's time (UTC), method, path under `/api/v1` and query, with the JSON-RPC call for MCP and
 * the marks the watch page shows (`[acknowledgeAiIsms]`, `[review card]`), then the status (or
 * `dropped` / `refused`), error code and key. Much of it is the caller's to fill (a keyless
 * `text/plain` POST from any web page reaches a local fake), so the whole line has its token
 * shapes redacted, wherever they are, and is terminal-safe: one line, no escape.
 */
export function requestLine(entry: Readonly<RecordedRequest>): string {
  const target = entry.query ? `${entry.path}?${entry.query}` : entry.path;
  const key = entry.keyId
    ? `${entry.keyName ?? "key"} (${entry.keyId})`
    : entry.credential === "session"
      ? "browser session"
      : "no key";
  const marks = [
    entry.mcpCall,
    entry.acknowledgedAiIsms ? "acknowledgeAiIsms" : undefined,
    entry.approvalSource === "review-card" ? "review card" : undefined,
  ].flatMap((mark) => (mark === undefined ? [] : [`[${mark}]`]));
  const line = [
    entry.at.toISOString().slice(11, 23),
    entry.method.padEnd(6),
    [target, ...marks].join(" "),
    entry.status ?? entry.outcome,
    entry.errorCode ?? (entry.fault ? `fault:${entry.fault}` : "-"),
    key,
  ].join("  ");
  return terminalSafe(redact(line));
}
