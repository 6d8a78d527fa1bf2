/** `replayFetch`: strict replay of a recording as a `fetch`, for a client in a test. */
import { readRecordingFile } from "./recording-file.js";
import { parseRecording, type Recording, type RecordingJson } from "./recording-schema.js";
import { Replay } from "./replay.js";

/**
 * A `fetch` that answers from a recording instead of the network: each request, whatever key it
 * carries, gets the next unused exchange with the same method, path, query and body, in recorded
 * order; any other request gets `501` with `error.code: "not_recorded"` naming the nearest
 * recorded request.
 *
 * @param recording - a recording (as `postline record` or {@link recordingFetch} write it), or
 *   the path of its file
 * @example
 * ```ts
 * const client = new Postline({
 *   apiKey: "pl_test_any",
 *   baseURL: "http://127.0.0.1:4010",
 *   fetch: replayFetch("test/recordings/session.json"),
 * });
 * ```
 */
export function replayFetch(recording: Recording | RecordingJson | string): typeof fetch {
  const replay = new Replay(recordingOf(recording));
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const answer = replay.answer({
      method: request.method,
      path: url.pathname,
      query: url.search.replace(/^\?/, ""),
      body: request.body === null ? "" : await request.text(),
    });
    return new Response(answer.status === 204 || answer.body === "" ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  };
}

/** A recording from a file path or a value, checked against the schema. */
export function recordingOf(recording: Recording | RecordingJson | string): Recording {
  if (typeof recording === "string") return readRecordingFile(recording);
  const parsed = parseRecording(recording);
  if (!parsed.ok) {
    throw new TypeError(
      `\`recording\` is not a recording (schema: @postline/sdk/recording.schema.json): ${parsed.problems.join("; ")}`,
    );
  }
  return parsed.recording;
}
