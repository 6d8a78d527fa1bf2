/**
 * A command's flag table and what the help says of it. Each command parses its argv with its own
 * table (`parseFlags`), and both its usage line and `postline --help` are written from that same
 * table: a flag added to a command shows in the help with no other edit.
 */
import type { ParseArgsConfig } from "node:util";

/** One flag: what `util.parseArgs` reads, and the placeholder the help shows for its value. */
type Flag = NonNullable<ParseArgsConfig["options"]>[string] & {
  /** The value's placeholder in the help (`N`, `a,b`); the flag's name in capitals by default. */
  readonly value?: string;
  /** The command cannot run without it: the help shows it without brackets. */
  readonly required?: true;
};

/** A command's flags, by long name, as `parseFlags` takes them. */
export type FlagTable = Readonly<Record<string, Flag>>;

/** A command of `postline`, as the top-level help lists it. */
export interface CommandSpec {
  /** The words after `postline`, e.g. `content export`. */
  readonly name: string;
  /** What it does, in one line. */
  readonly summary: string;
  /** The table its argv is parsed with. */
  readonly flags: FlagTable;
}

/**
 * The flags of a table as `--out FILE [--port N] [--log] ...`, in the table's order, a required
 * one without brackets; `--help` left out.
 */
export function flagSynopsis(flags: FlagTable): string[] {
  return Object.entries(flags)
    .filter(([name]) => name !== "help")
    .map(([name, flag]) => {
      const word =
        flag.type === "boolean" ? `--${name}` : `--${name} ${flag.value ?? name.toUpperCase()}`;
      return flag.required ? word : `[${word}]`;
    });
}

/** `Usage: postline <name> [flags]`, wrapped under itself at `width` columns. */
export function usageLine(spec: CommandSpec, width = 100): string {
  const head = `Usage: postline ${spec.name} `;
  return wrapWords(flagSynopsis(spec.flags), width - head.length)
    .map((line, index) => (index === 0 ? head : " ".repeat(head.length)) + line)
    .join("\n");
}

/** Joins `words` with spaces into lines of at most `width` characters (a longer word stands alone). */
export function wrapWords(words: readonly string[], width: number): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}
