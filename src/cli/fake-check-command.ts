/**
 * `postline fake check FILE`: the parity report of the fake against a recording (SDK_DESIGN.md
 * §21). Exit 0 when every exchange agrees, 1 otherwise.
 */

import { checkRecording } from "../testing/tooling/recordings/check.js";
import { checkReportText } from "../testing/tooling/recordings/check-report.js";
import { type CommandSpec, usageLine } from "./command-spec.js";
import { readRecordingOrSay } from "./fake-replay.js";
import { type CliIO, showHelp } from "./io.js";
import { jsonLine, terminalSafe } from "./terminal-text.js";
import { parseFlags, UsageError } from "./usage-error.js";

/** `postline fake check`, as the top-level help lists it. */
export const FAKE_CHECK_COMMAND = {
  name: "fake check",
  summary: "check the fake against a recording FILE of postline record; exit 1 on a difference",
  // The flags of `postline fake check`: what it parses, and what the help lists.
  flags: {
    json: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
} as const satisfies CommandSpec;

/** The usage line, with the recording FILE the command takes after its name. */
export const FAKE_CHECK_USAGE = usageLine({ ...FAKE_CHECK_COMMAND, name: "fake check FILE" });

const FAKE_CHECK_HELP = `${FAKE_CHECK_USAGE}

Seeds a fresh fake with the recording's seed (or the default seed) and sends it the recorded
requests in order. The ids the service made are mapped to the fake's by order of creation. Each
answer is compared with the recorded one: the status, the error code, and the body's fields and
values (times, tokens, emails, cursors and error messages by kind, not value). Prints one line
per exchange that differs, then "N of M exchanges agree". Exit 0 when all agree, 1 otherwise.

Options:
  --json      print the report as one JSON object: { exchanges, agree, differences: [{
              exchange, method, path, problems }] }
  -h, --help  show this help
`;

/** Runs `postline fake check`; resolves to the exit code. */
export async function runFakeCheck(argv: readonly string[], io: CliIO): Promise<number> {
  const { values: flags, positionals } = parseFlags(argv, FAKE_CHECK_COMMAND, {
    allowPositionals: true,
  });
  if (flags.help) return showHelp(io, FAKE_CHECK_HELP);
  const [file, ...extra] = positionals;
  if (file === undefined)
    throw new UsageError("FILE is required: the recording to check", "fake check");
  if (extra.length > 0) throw new UsageError(`one FILE only, not also "${extra[0]}"`, "fake check");
  const recording = readRecordingOrSay(file, io);
  if (recording === undefined) return 2;
  const report = await checkRecording(recording);
  if (flags.json) io.stdout.write(jsonLine(report));
  else io.stdout.write(checkReportText(report).split("\n").map(terminalSafe).join("\n"));
  return report.differences.length === 0 ? 0 : 1;
}
