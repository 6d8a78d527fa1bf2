/**
 * `postline fake snapshot --out FILE`: reads a live workspace (GETs only, through the client's
 * own pacing) and writes a seed `postline fake --seed FILE` serves. No token is written.
 */
import { parseFakeSeed } from "../testing/fake/model/seed-schema.js";
import { clientFromEnv, INSECURE_HTTP_FLAG, INSECURE_HTTP_HELP } from "./client-from-env.js";
import { type CommandSpec, usageLine } from "./command-spec.js";
import { type CliIO, showHelp } from "./io.js";
import { writePrivateFile } from "./private-file.js";
import { ProgressLine } from "./progress-line.js";
import { SNAPSHOT_CAPS, SnapshotOverCap, snapshotWorkspace } from "./snapshot-workspace.js";
import { terminalSafe } from "./terminal-text.js";
import { parseFlags, UsageError } from "./usage-error.js";

/** `postline fake snapshot`, as the top-level help lists it. */
export const FAKE_SNAPSHOT_COMMAND = {
  name: "fake snapshot",
  summary: "write a seed for postline fake --seed from a live workspace (GETs only, no token)",
  // The flags of `postline fake snapshot`: what it parses, and what the help lists.
  flags: {
    out: { type: "string", value: "FILE", required: true },
    "redact-text": { type: "boolean" },
    "max-pages": { type: "string", value: "N" },
    "max-items": { type: "string", value: "N" },
    "max-bytes": { type: "string", value: "N" },
    ...INSECURE_HTTP_FLAG,
    help: { type: "boolean", short: "h" },
  },
} as const satisfies CommandSpec;

const FAKE_SNAPSHOT_HELP = `${usageLine(FAKE_SNAPSHOT_COMMAND)}

Reads the workspace of POSTLINE_API_KEY at POSTLINE_BASE_URL with GET requests only (channels,
brand, schedule, every content item, keys without their tokens, stats), at the pace the rate
limit allows, and writes a seed that postline fake --seed FILE serves. The file holds no token:
its keys become new test keys of the fake, whose tokens it prints when it starts. On a
terminal, stderr shows a progress line.

Environment:
  POSTLINE_API_KEY    the agent key (admin scope to include the keys)
  POSTLINE_BASE_URL   the service's address
${INSECURE_HTTP_HELP.variable}

Options:
  --out FILE          where to write the seed (JSON)
  --redact-text       replace every item's text with x's (spaces and length kept)
  --max-pages N       stop with an error past N pages of items (default ${SNAPSHOT_CAPS.pages})
  --max-items N       stop with an error past N items (default ${SNAPSHOT_CAPS.items})
  --max-bytes N       stop with an error past N bytes of items as JSON (default
                      ${SNAPSHOT_CAPS.bytes}); the caps bound a service that never ends its pages
${INSECURE_HTTP_HELP.option}
  -h, --help          show this help
`;

/** Runs `postline fake snapshot`; resolves to the exit code. */
export async function runFakeSnapshot(argv: readonly string[], io: CliIO): Promise<number> {
  const { values: flags } = parseFlags(argv, FAKE_SNAPSHOT_COMMAND);
  if (flags.help) return showHelp(io, FAKE_SNAPSHOT_HELP);
  if (!flags.out) throw new UsageError("--out FILE is required", "fake snapshot");
  const caps = {
    pages: capOf(flags["max-pages"], "max-pages", SNAPSHOT_CAPS.pages),
    items: capOf(flags["max-items"], "max-items", SNAPSHOT_CAPS.items),
    bytes: capOf(flags["max-bytes"], "max-bytes", SNAPSHOT_CAPS.bytes),
  };
  const progress = io.stderr.isTTY ? new ProgressLine(io.stderr) : undefined;
  const client = clientFromEnv(io.env, "fake snapshot", {
    allowInsecureHttp: flags["allow-insecure-http"] === true,
    onRequest: () => progress?.pageSent(),
    onRateLimitWait: (event) => progress?.slotExpected(event.expectedWaitMs),
  });
  let safe: Awaited<ReturnType<typeof snapshotWorkspace>>;
  try {
    safe = await snapshotWorkspace(client, {
      redact: flags["redact-text"] === true,
      progress,
      caps,
    });
  } catch (error) {
    progress?.finish("failed");
    if (!(error instanceof SnapshotOverCap)) throw error;
    io.stderr.write(`postline: ${terminalSafe(error.message)}\n`);
    return 1;
  }
  progress?.finish("done");
  const checked = parseFakeSeed(safe);
  if (!checked.ok) {
    io.stderr.write(
      `postline: the workspace read does not make a valid seed:\n${checked.problems.map((p) => `  ${terminalSafe(p)}\n`).join("")}`,
    );
    return 1;
  }
  writePrivateFile(flags.out, `${JSON.stringify(safe, null, 2)}\n`);
  const workspace = safe.workspace ?? {};
  io.stderr.write(
    `${terminalSafe(`wrote ${flags.out}: ${counted(workspace.channels?.length ?? 0, "channel")}, ${counted(workspace.content?.length ?? 0, "item")}, ${counted(workspace.keys?.length ?? 0, "key")} (new test keys; postline fake --seed ${flags.out} prints their tokens)${workspace.brand ? ", the brand" : ""}, the schedule`)}\n`,
  );
  return 0;
}

/** `1 key`, `2 keys`. */
function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** A `--max-*` flag as a whole number above 0, or a usage error naming it. */
function capOf(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const cap = Number(value);
  if (!/^\d+$/.test(value) || !(cap >= 1) || !Number.isSafeInteger(cap)) {
    throw new UsageError(
      `--${flag} must be a whole number above 0, not "${value}"`,
      "fake snapshot",
    );
  }
  return cap;
}
