/**
 * `postline fake snapshot --out FILE`: reads a live workspace (GETs only, through the client's
 * own pacing) and writes a seed `postline fake --seed FILE` serves. No token is written.
 */
import { redactDeep } from "../core/redact.js";
import { resultRedactorOf } from "../core/result-redactor.js";
import { parseFakeSeed } from "../testing/fake/model/seed-schema.js";
import { clientFromEnv, INSECURE_HTTP_FLAG, INSECURE_HTTP_HELP } from "./client-from-env.js";
import { type CommandSpec, usageLine } from "./command-spec.js";
import type { CliIO } from "./io.js";
import { writePrivateFile } from "./private-file.js";
import { ProgressLine } from "./progress-line.js";
import { snapshotSeed } from "./snapshot-seed.js";
import { terminalSafe } from "./terminal-text.js";
import { parseFlags, UsageError } from "./usage-error.js";

/**
 * How much of the items a snapshot reads before it stops: a service that answers endless cursors
 * with 8 MB pages read 450 MB in 12 s. A seed past these is too big to serve anyway.
 */
const SNAPSHOT_CAPS = { pages: 1_000, items: 100_000, bytes: 100_000_000 } as const;

/** The flags of `postline fake snapshot`: what it parses, and what the help lists. */
const FAKE_SNAPSHOT_FLAGS = {
  out: { type: "string", value: "FILE", required: true },
  "redact-text": { type: "boolean" },
  "max-pages": { type: "string", value: "N" },
  "max-items": { type: "string", value: "N" },
  "max-bytes": { type: "string", value: "N" },
  ...INSECURE_HTTP_FLAG,
  help: { type: "boolean", short: "h" },
} as const;

/** `postline fake snapshot`, as the top-level help lists it. */
export const FAKE_SNAPSHOT_COMMAND: CommandSpec = {
  name: "fake snapshot",
  summary: "write a seed for postline fake --seed from a live workspace (GETs only, no token)",
  flags: FAKE_SNAPSHOT_FLAGS,
};

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
  const flags = parseFlags(argv, FAKE_SNAPSHOT_FLAGS, "fake snapshot");
  if (flags.help) {
    io.stdout.write(FAKE_SNAPSHOT_HELP);
    return 0;
  }
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
  let seed: ReturnType<typeof snapshotSeed>;
  try {
    progress?.pageRequested();
    const channels = await client.channels.list();
    const brand = await client.brand.get();
    const schedule = await client.schedule.get();
    const items: Record<string, unknown>[] = [];
    const read = { pages: 0, bytes: 0 };
    for await (const page of client.content.list({ status: "all" }).pages()) {
      read.pages += 1;
      read.bytes += Buffer.byteLength(JSON.stringify(page.items));
      items.push(...(page.items as Record<string, unknown>[]));
      const over = overCap({ pages: read.pages, items: items.length, bytes: read.bytes }, caps);
      if (over) {
        progress?.finish("failed");
        io.stderr.write(`postline: ${terminalSafe(over)}\n`);
        return 1;
      }
      progress?.counted(items.length);
      progress?.pageRequested();
    }
    // A key without admin scope may not list keys: the seed then gets one admin test key.
    const keys = await client.keys.list().catch((error: unknown) => {
      if ((error as { status?: number }).status === 403) return undefined;
      throw error;
    });
    const stats = await client.stats.get();
    seed = snapshotSeed(
      {
        channels: channels as never,
        brand: brand as never,
        schedule: schedule as never,
        items,
        keys: keys as never,
        stats: stats as never,
      },
      { redact: flags["redact-text"] === true },
    );
  } catch (error) {
    progress?.finish("failed");
    throw error;
  }
  progress?.finish("done");
  // Whatever the service echoed, no token reaches the file.
  const safe = redactDeep(seed, resultRedactorOf(client));
  const checked = parseFakeSeed(safe);
  if (!checked.ok) {
    io.stderr.write(
      `postline: the workspace read does not make a valid seed:\n${checked.problems.map((p) => `  ${terminalSafe(p)}\n`).join("")}`,
    );
    return 1;
  }
  writePrivateFile(flags.out, `${JSON.stringify(safe, null, 2)}\n`);
  const workspace = seed.workspace ?? {};
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

/** The message for the first cap the read passed, naming its flag; `undefined` within them all. */
function overCap(
  read: { pages: number; items: number; bytes: number },
  caps: { pages: number; items: number; bytes: number },
): string | undefined {
  const names = { pages: "pages", items: "items", bytes: "bytes of items" } as const;
  for (const what of ["pages", "items", "bytes"] as const) {
    if (read[what] > caps[what]) {
      return `stopped reading the items past ${caps[what]} ${names[what]} (--max-${what} ${caps[what]}), and wrote nothing; if the workspace is that large, raise --max-${what}`;
    }
  }
  return undefined;
}
