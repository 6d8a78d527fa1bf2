/** `postline --help`: each command, what it does and its flags, read from its own flag table. */
import { type CommandSpec, flagSynopsis, wrapWords } from "./command-spec.js";

const WIDTH = 100;

/**
 * The top-level help for `commands`, in their order: each name, its summary, then its flags
 * under the summary, all wrapped at 100 columns.
 */
export function mainHelp(commands: readonly CommandSpec[]): string {
  const column = 2 + Math.max(...commands.map((spec) => spec.name.length)) + 2;
  const entries = commands.flatMap((spec) => {
    const summary = wrapWords(spec.summary.split(" "), WIDTH - column);
    const flags = wrapWords(flagSynopsis(spec.flags), WIDTH - column);
    return [...summary, ...flags].map((line, index) =>
      index === 0 ? `  ${spec.name}`.padEnd(column) + line : " ".repeat(column) + line,
    );
  });
  return `Usage: postline <command> [options]

Commands:
${entries.join("\n")}

Options:
  -h, --help      show help (also after a command: postline mcp --help)
  -v, --version   show the version

Environment: POSTLINE_API_KEY (the agent key) and POSTLINE_BASE_URL (the service's address);
POSTLINE_ALLOW_INSECURE_HTTP=1 (or --allow-insecure-http) sends the key over plain http to a host
that is not this machine.
Exit codes: 0 done, 1 failed, 2 bad usage or a missing variable.
`;
}
