import { type ParseArgsConfig, parseArgs } from "node:util";

/** A bad command line: the command prints the message and exits with code 2. */
export class UsageError extends Error {
  /** The subcommand whose help to point at, e.g. `content export`; empty for the top level. */
  readonly command: string;

  constructor(message: string, command = "") {
    super(message);
    this.name = "UsageError";
    this.command = command;
  }
}

/**
 * `util.parseArgs` in strict mode, positional arguments refused unless `allowPositionals`, with
 * its refusals (an unknown flag, a flag without its value, a stray argument) turned into a
 * {@link UsageError} for `command`.
 */
export function parseFlags<const Options extends NonNullable<ParseArgsConfig["options"]>>(
  argv: readonly string[],
  options: Options,
  command: string,
  allowPositionals = false,
) {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals });
  } catch (error) {
    if (
      error instanceof TypeError &&
      "code" in error &&
      String(error.code).startsWith("ERR_PARSE_ARGS")
    )
      throw new UsageError(error.message, command);
    throw error;
  }
}
