/** The `postline` command line: picks the subcommand and turns failures into exit codes. */

import { APIConnectionError } from "../core/errors/connection-errors.js";
import { PostlineError } from "../core/errors/postline-error.js";
import { connectionFailureCode } from "../core/transport/connection-failure.js";
import { VERSION } from "../version.js";
import {
  CONTENT_EXPORT_COMMAND,
  CONTENT_EXPORT_HELP,
  runContentExport,
} from "./content-export-command.js";
import { FAKE_CHECK_COMMAND } from "./fake-check-command.js";
import { FAKE_COMMAND, runFake } from "./fake-command.js";
import { FAKE_SNAPSHOT_COMMAND } from "./fake-snapshot-command.js";
import { foreignAnswerLine } from "./foreign-answer.js";
import { type CliIO, showHelp } from "./io.js";
import { mainHelp } from "./main-help.js";
import { MCP_COMMAND, runMcp } from "./mcp-command.js";
import { RECORD_COMMAND, runRecord } from "./record-command.js";
import { terminalSafe } from "./terminal-text.js";
import { UsageError } from "./usage-error.js";

/** The commands `postline --help` lists, each with its own flag table. */
const MAIN_HELP = mainHelp([
  FAKE_COMMAND,
  FAKE_SNAPSHOT_COMMAND,
  FAKE_CHECK_COMMAND,
  MCP_COMMAND,
  CONTENT_EXPORT_COMMAND,
  RECORD_COMMAND,
]);

/** Runs the command line `argv` (without `node` and the script); resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      const help = error.command ? `postline ${error.command} --help` : "postline --help";
      io.stderr.write(`postline: ${terminalSafe(error.message)}\nRun "${help}" for usage.\n`);
      return 2;
    }
    const foreign = foreignAnswerLine(error);
    if (foreign !== undefined) {
      io.stderr.write(`postline: ${terminalSafe(foreign)}\n`);
      return 1;
    }
    if (error instanceof PostlineError) {
      // The message may quote the service's text: it is printed, never interpreted.
      io.stderr.write(
        `postline: ${terminalSafe(`${error.name}: ${error.message}`)}\n${hintFor(error)}`,
      );
      return 1;
    }
    // Not the SDK's: a bug worth its stack, whose lines are printed escaped as well.
    const lines =
      error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
    io.stderr.write(`postline: ${lines.split("\n").map(terminalSafe).join("\n")}\n`);
    return 1;
  }
}

async function dispatch(argv: readonly string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
      io.stderr.write(MAIN_HELP);
      return 2;
    case "-h":
    case "--help":
    case "help":
      return showHelp(io, MAIN_HELP);
    case "-v":
    case "--version":
      return showHelp(io, `${VERSION}\n`);
    case "fake":
      return runFake(rest, io);
    case "mcp":
      return runMcp(rest, io);
    case "content":
      return runContent(rest, io);
    case "record":
      return runRecord(rest, io);
    default:
      throw new UsageError(
        command.startsWith("-") ? `unknown option ${command}` : `unknown command "${command}"`,
      );
  }
}

async function runContent(argv: readonly string[], io: CliIO): Promise<number> {
  const [subcommand, ...rest] = argv;
  if (subcommand === "export") return runContentExport(rest, io);
  if (subcommand === "-h" || subcommand === "--help") return showHelp(io, CONTENT_EXPORT_HELP);
  throw new UsageError(
    subcommand === undefined
      ? 'content needs a subcommand: "postline content export"'
      : `unknown subcommand "content ${subcommand}"; the content subcommand is export`,
  );
}

/** What to check when nothing answered at the address: the command's address comes from the environment. */
function hintFor(error: PostlineError): string {
  if (!(error instanceof APIConnectionError)) return "";
  const code = connectionFailureCode(error.cause);
  return code === "ECONNREFUSED" || code === "ENOTFOUND"
    ? "postline: check POSTLINE_BASE_URL, and that the service is running there.\n"
    : "";
}
