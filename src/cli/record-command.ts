/**
 * `postline record --out FILE`: a recording proxy on 127.0.0.1 in front of the service. Each
 * exchange is scrubbed and appended to FILE as it happens (SDK_DESIGN.md §21).
 */
import type { FakeSeedJson } from "../testing/tooling/control/connect-fake.js";
import { Recorder } from "../testing/tooling/recordings/recorder.js";
import { startRecordingProxy } from "../testing/tooling/recordings/recording-proxy.js";
import { SecretLeftError } from "../testing/tooling/recordings/scrubber.js";
import {
  clientFromEnv,
  INSECURE_HTTP_FLAG,
  INSECURE_HTTP_HELP,
  insecureHttpAllowed,
  plainHttpHost,
} from "./client-from-env.js";
import { type CommandSpec, usageLine } from "./command-spec.js";
import { type CliIO, listeningText, showHelp, untilStopped } from "./io.js";
import { portOf } from "./port-flag.js";
import { snapshotWorkspace } from "./snapshot-workspace.js";
import { terminalSafe } from "./terminal-text.js";
import { parseFlags, UsageError } from "./usage-error.js";

/** `postline record`, as the top-level help lists it. */
export const RECORD_COMMAND = {
  name: "record",
  summary: "record an agent's traffic through a proxy to a JSON file, its secrets scrubbed",
  // The flags of `postline record`: what it parses, and what the help lists.
  flags: {
    out: { type: "string", value: "FILE", required: true },
    to: { type: "string", value: "URL" },
    port: { type: "string", value: "N" },
    snapshot: { type: "boolean" },
    ...INSECURE_HTTP_FLAG,
    help: { type: "boolean", short: "h" },
  },
} as const satisfies CommandSpec;

/** The help of `postline record`. */
const RECORD_HELP = `${usageLine(RECORD_COMMAND)}

Starts a recording proxy on 127.0.0.1 and prints its base URL. Point an agent in any language at
it (POSTLINE_BASE_URL) with its own key: each request goes to the service unchanged (no redirect
followed, bodies within the SDK's limits) and each exchange is appended to FILE as it happens, so
a crash loses at most the exchange in flight. Ctrl-C (or SIGTERM) stops it.

The file (mode 0600; schema: @postline/sdk/recording.schema.json) keeps no request header. The
key and every key token become pl_redacted_<n>, and emails person-<n>@example.invalid. An
exchange with a secret left after scrubbing is not written: it is named on stderr, and the
command exits 1. Item text is kept. postline fake --replay FILE serves the file;
postline fake check FILE checks the fake against it.

Environment:
  POSTLINE_BASE_URL   the service's address (when --to is not given)
  POSTLINE_API_KEY    with --snapshot: the key the workspace is read with
${INSECURE_HTTP_HELP.variable}

Options:
  --out FILE          the recording to write (JSON)
  --to URL            the service's base URL (default: POSTLINE_BASE_URL)
  --port N            port to listen on (default 0: a free port)
  --snapshot          first store the workspace's seed, as postline fake snapshot reads it
${INSECURE_HTTP_HELP.option}
  -h, --help          show this help
`;

/** Runs `postline record`; resolves to the exit code once stopped. */
export async function runRecord(argv: readonly string[], io: CliIO): Promise<number> {
  const { values: flags } = parseFlags(argv, RECORD_COMMAND);
  if (flags.help) return showHelp(io, RECORD_HELP);
  if (!flags.out) throw new UsageError("--out FILE is required", "record");
  const port = portOf(flags.port, "record");
  const allowInsecureHttp = flags["allow-insecure-http"] === true;
  const target = targetOf(flags.to ?? io.env.POSTLINE_BASE_URL, io.env, { allowInsecureHttp });
  let seed: FakeSeedJson | undefined;
  if (flags.snapshot) {
    const client = clientFromEnv({ ...io.env, POSTLINE_BASE_URL: target }, "record", {
      allowInsecureHttp,
    });
    seed = await snapshotWorkspace(client, { redact: false });
  }
  let recorder: Recorder;
  try {
    recorder = new Recorder({
      out: flags.out,
      target,
      ...(seed === undefined ? {} : { seed }),
      ...(flags.snapshot && io.env.POSTLINE_API_KEY ? { key: io.env.POSTLINE_API_KEY } : {}),
    });
  } catch (error) {
    if (!(error instanceof SecretLeftError)) throw error;
    io.stderr.write(`postline: nothing written: the seed has ${terminalSafe(error.message)}\n`);
    return 1;
  }
  const stopped = untilStopped();
  const proxy = await startRecordingProxy({
    target,
    recorder,
    port,
    onExchange: (outcome) => {
      if (!outcome.written)
        io.stderr.write(`postline: not written: ${terminalSafe(outcome.reason)}\n`);
    },
  });
  const lines = [
    `Postline recorder listening on ${proxy.url}`,
    `  recording ${target} to ${flags.out}${seed === undefined ? "" : " (with the workspace's seed)"}`,
  ];
  io.stdout.write(listeningText(lines, `POSTLINE_BASE_URL=${proxy.url}`));
  await stopped;
  await proxy.close();
  const written = recorder.written;
  io.stderr.write(
    `${terminalSafe(`wrote ${written} exchange${written === 1 ? "" : "s"} to ${flags.out}${recorder.withheld > 0 ? `; ${recorder.withheld} not written (a secret was left)` : ""}`)}\n`,
  );
  return recorder.withheld > 0 ? 1 : 0;
}

/** The service's base URL, or a usage error; plain http off this machine needs consent. */
function targetOf(
  value: string | undefined,
  env: CliIO["env"],
  { allowInsecureHttp }: { allowInsecureHttp: boolean },
): string {
  if (!value?.trim())
    throw new UsageError(
      "--to URL (or POSTLINE_BASE_URL) is required: the service to record",
      "record",
    );
  const url = URL.canParse(value.trim()) ? new URL(value.trim()) : undefined;
  if (url?.protocol !== "http:" && url?.protocol !== "https:")
    throw new UsageError(`--to must be an http(s) URL, not "${value}"`, "record");
  const host = plainHttpHost(url.href);
  if (host !== undefined && !insecureHttpAllowed(env, "record", { flag: allowInsecureHttp })) {
    throw new UsageError(
      `--to is plain http to ${host}, which is not this machine: the agent's key would travel unencrypted. Use https, or pass --allow-insecure-http.`,
      "record",
    );
  }
  return url.href.replace(/\/+$/, "");
}
