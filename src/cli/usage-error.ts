import { parseArgs } from "node:util";
import type { CommandSpec, FlagTable } from "./command-spec.js";

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
 * `util.parseArgs` with the flag table of `spec`, in strict mode, positional arguments refused
 * unless `allowPositionals`; its refusals (an unknown flag, a flag without its value, a stray
 * argument) become a {@link UsageError} for the command.
 */
export function parseFlags<const Flags extends FlagTable>(
  argv: readonly string[],
  spec: Pick<CommandSpec, "name"> & { readonly flags: Flags },
  { allowPositionals = false }: { readonly allowPositionals?: boolean } = {},
) {
  try {
    return parseArgs({ args: [...argv], options: spec.flags, strict: true, allowPositionals });
  } catch (error) {
    if (
      error instanceof TypeError &&
      "code" in error &&
      String(error.code).startsWith("ERR_PARSE_ARGS")
    )
      throw new UsageError(error.message, spec.name);
    throw error;
  }
}
