/**
 * The recording on disk. Each write replaces the whole file through a temporary file and a
 * rename, at mode 0600: a reader, or a recorder killed mid-write, only ever sees a complete file,
 * so a crash loses at most the exchange in flight.
 */
import { parseRecording, type Recording, type RecordingJson } from "./recording-schema.js";

/** The `$schema` a recording file names. */
export const RECORDING_SCHEMA_REF = "./node_modules/@postline/sdk/dist/recording.schema.json";

/**
 * node:fs, reached through `process.getBuiltinModule`: `@postline/sdk/testing` also builds for
 * browsers, where a static import of it would break the bundle.
 */
function nodeFs(): typeof import("node:fs") {
  const fs = (
    globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
  ).process?.getBuiltinModule?.("node:fs") as typeof import("node:fs") | undefined;
  if (!fs) throw new Error("Recording files need Node.js 22.3 or later (process.getBuiltinModule)");
  return fs;
}

/** Writes `recording` to `path` atomically, readable by its owner only. */
export function writeRecordingFile(path: string, recording: RecordingJson): void {
  const { chmodSync, renameSync, writeFileSync } = nodeFs();
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(recording, null, 2)}\n`, { mode: 0o600 });
  // The mode of a file that existed already is not changed by writeFileSync.
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

/** A recording file that cannot be read, with each problem. */
export class RecordingFileError extends Error {
  readonly problems: readonly string[];

  constructor(path: string, problems: readonly string[]) {
    super(
      `${path}: ${problems.length === 1 ? problems[0] : `${problems.length} problems (schema: @postline/sdk/recording.schema.json)\n${problems.map((problem) => `  ${problem}`).join("\n")}`}`,
    );
    this.name = "RecordingFileError";
    this.problems = problems;
  }
}

/** The recording in `path`, checked against the schema; throws {@link RecordingFileError}. */
export function readRecordingFile(path: string): Recording {
  let text: string;
  try {
    text = nodeFs().readFileSync(path, "utf8");
  } catch (error) {
    throw new RecordingFileError(path, [(error as NodeJS.ErrnoException).code ?? "unreadable"]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RecordingFileError(path, [`not JSON (${(error as Error).message})`]);
  }
  const parsed = parseRecording(value);
  if (!parsed.ok) throw new RecordingFileError(path, parsed.problems);
  return parsed.recording;
}
