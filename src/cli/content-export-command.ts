/** `postline content export`: every content item as JSON Lines on stdout. */
import { once } from "node:events";
import { redactDeep } from "../core/redact.js";
import { resultRedactorOf } from "../core/result-redactor.js";
import type { ContentListParams } from "../resources/content/params.js";
import { CONTENT_STATUSES } from "../schemas/index.js";
import { clientFromEnv, INSECURE_HTTP_FLAG, INSECURE_HTTP_HELP } from "./client-from-env.js";
import { type CommandSpec, usageLine } from "./command-spec.js";
import { type CliIO, showHelp } from "./io.js";
import { ProgressLine } from "./progress-line.js";
import { jsonLine } from "./terminal-text.js";
import { parseFlags, UsageError } from "./usage-error.js";

const STATUSES: readonly string[] = [...CONTENT_STATUSES, "all"];

/** `postline content export`, as the top-level help lists it. */
export const CONTENT_EXPORT_COMMAND = {
  name: "content export",
  summary: "write every content item as JSON Lines",
  // The flags of `postline content export`: what it parses, and what the help lists.
  flags: {
    status: { type: "string", value: "S" },
    channel: { type: "string", value: "ID" },
    ...INSECURE_HTTP_FLAG,
    help: { type: "boolean", short: "h" },
  },
} as const satisfies CommandSpec;

export const CONTENT_EXPORT_HELP = `${usageLine(CONTENT_EXPORT_COMMAND)}

Writes every content item of the workspace as JSON Lines (one item per line, newest first) to
stdout, following the pages to the end at the pace the rate limit allows. On a terminal, stderr
shows a progress line: items so far, the rate, and when it is waiting for the rate limit.
Closing the pipe (e.g. into head) or Ctrl-C stops cleanly.

Environment:
  POSTLINE_API_KEY    the agent key
  POSTLINE_BASE_URL   the service's address
${INSECURE_HTTP_HELP.variable}

Options:
  --status S          only items in this state (draft, pending, scheduled, publishing,
                      published, failed, cancelled, all; default all)
  --channel ID        only items on this channel
${INSECURE_HTTP_HELP.option}
  -h, --help          show this help
`;

/** Runs `postline content export`; resolves to the exit code. */
export async function runContentExport(argv: readonly string[], io: CliIO): Promise<number> {
  const { values: flags } = parseFlags(argv, CONTENT_EXPORT_COMMAND);
  if (flags.help) return showHelp(io, CONTENT_EXPORT_HELP);
  if (flags.status !== undefined && !STATUSES.includes(flags.status)) {
    throw new UsageError(
      `--status must be one of ${STATUSES.join(", ")}, not "${flags.status}"`,
      "content export",
    );
  }
  const stop = new AbortController();
  const progress = io.stderr.isTTY ? new ProgressLine(io.stderr) : undefined;
  const client = clientFromEnv(io.env, "content export", {
    allowInsecureHttp: flags["allow-insecure-http"] === true,
    onRequest: () => progress?.pageSent(),
    onRateLimitWait: (event) => progress?.slotExpected(event.expectedWaitMs),
    onRetry: (event) =>
      progress?.retrying({
        delayMs: event.delayMs,
        rateLimited: event.error.name === "RateLimitError",
      }),
  });
  // A closed pipe (`| head`) is the reader saying it has enough: stop, without an error.
  io.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") stop.abort();
  });
  const onSignal = () => stop.abort();
  process.once("SIGINT", onSignal);
  // An item echoing the key (a hostile server, a proxy) is scrubbed as a tool result would be.
  const redact = resultRedactorOf(client);
  let written = 0;
  const params: ContentListParams = {
    ...(flags.status === undefined ? {} : { status: flags.status }),
    ...(flags.channel === undefined ? {} : { channelId: flags.channel }),
  };
  try {
    const pages = client.content.list(params, { signal: stop.signal }).pages();
    progress?.pageRequested();
    for await (const page of pages) {
      for (const item of page.items) {
        if (stop.signal.aborted) break;
        const line = jsonLine(redactDeep(item, redact));
        // Stopped while waiting for a drain: the loop sees the signal.
        if (!io.stdout.write(line))
          await once(io.stdout, "drain", { signal: stop.signal }).catch(() => undefined);
        written += 1;
      }
      progress?.counted(written);
      if (stop.signal.aborted) break;
      progress?.pageRequested();
    }
  } catch (error) {
    if (!stop.signal.aborted) {
      progress?.finish("failed");
      throw error;
    }
  } finally {
    process.off("SIGINT", onSignal);
  }
  progress?.finish(stop.signal.aborted ? "stopped" : "done");
  return 0;
}
