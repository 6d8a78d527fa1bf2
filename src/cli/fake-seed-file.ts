/** Reads the seed file of `postline fake --seed`: JSON, checked against the seed schema. */
import { readFileSync } from "node:fs";
import type { FakeServiceSeed } from "../testing/fake/model/seed.js";
import { parseFakeSeed } from "../testing/fake/model/seed-schema.js";
import type { CliIO } from "./io.js";
import { terminalSafe } from "./terminal-text.js";

/** Why a file could not be read, by error code. */
const UNREADABLE: Readonly<Record<string, string>> = {
  ENOENT: "no such file",
  EISDIR: "a folder, not a file",
  EACCES: "not readable by this user",
};

/**
 * The seed in `path`, or `null` once every problem is printed to stderr (one line each, with its
 * JSON path), so the command exits before anything listens.
 */
export function readSeedFile(path: string, io: CliIO): FakeServiceSeed | null {
  const fail = (lines: readonly string[]) => {
    io.stderr.write(lines.map((line) => `postline: ${terminalSafe(line)}\n`).join(""));
    return null;
  };
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = UNREADABLE[code ?? ""] ?? code ?? "unreadable";
    return fail([
      `--seed ${path}: cannot read the seed file (${why}); pass a JSON seed with --seed FILE`,
    ]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail([`--seed ${path}: not JSON (${(error as Error).message})`]);
  }
  const parsed = parseFakeSeed(value);
  if (parsed.ok) return parsed.seed;
  return fail([
    `--seed ${path}: ${parsed.problems.length} problem${parsed.problems.length === 1 ? "" : "s"} (schema: @postline/sdk/fake-seed.schema.json)`,
    ...parsed.problems.map((problem) => `  ${problem}`),
  ]);
}
