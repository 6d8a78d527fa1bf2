/**
 * `postline fake --replay FILE`: strict replay of a recording over HTTP on 127.0.0.1, for tests
 * in any language (SDK_DESIGN.md §21).
 */
import {
  RecordingFileError,
  readRecordingFile,
} from "../testing/tooling/recordings/recording-file.js";
import { replayFetch } from "../testing/tooling/recordings/replay-fetch.js";
import { type CliIO, listeningText, untilStopped } from "./io.js";
import { serveFetch } from "./serve-fetch.js";
import { jsonLine, terminalSafe } from "./terminal-text.js";

/**
 * The recording in `file`, or `undefined` once stderr says why it is not one (after `prefix`,
 * the flag that named the file), so the command exits 2.
 */
export function readRecordingOrSay(
  file: string,
  io: CliIO,
  prefix = "",
): ReturnType<typeof readRecordingFile> | undefined {
  try {
    return readRecordingFile(file);
  } catch (error) {
    if (!(error instanceof RecordingFileError)) throw error;
    io.stderr.write(
      `postline: ${prefix}${error.message.split("\n").map(terminalSafe).join("\n")}\n`,
    );
    return undefined;
  }
}

/** Serves the recording in `file` until stopped; resolves to the exit code. */
export async function runFakeReplay(
  file: string,
  { port, json }: { port: number; json: boolean },
  io: CliIO,
): Promise<number> {
  const recording = readRecordingOrSay(file, io, "--replay ");
  if (recording === undefined) return 2;
  const stopped = untilStopped();
  const server = await serveFetch(replayFetch(recording), port);
  const details = {
    baseURL: server.origin,
    replaying: file,
    exchanges: recording.exchanges.length,
  };
  if (json) io.stdout.write(jsonLine(details));
  else {
    const lines = [
      `Postline replay listening on ${server.origin}`,
      `  replaying ${file}: ${details.exchanges} exchanges, in order, whatever key is sent`,
      "  an unrecorded request gets 501 not_recorded",
    ];
    io.stdout.write(listeningText(lines, `POSTLINE_BASE_URL=${server.origin}`));
  }
  await stopped;
  await server.close();
  return 0;
}
