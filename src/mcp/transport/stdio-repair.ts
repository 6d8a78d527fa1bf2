/**
 * The host's stdin, line by line, through {@link repairMessage} before the MCP SDK's stdio
 * transport reads it: a request the transport would drop is mended or answered on stdout.
 */
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { jsonOrText } from "../../core/json-or-text.js";
import { repairMessage } from "./request-repair.js";

/** A stream to hand `StdioServerTransport` in place of `stdin`; refusals go to `answer`. */
export function repairedStdin(
  stdin: NodeJS.ReadableStream,
  answer: (line: string) => void,
): Transform {
  let pending = "";
  // A character's bytes may straddle two chunks; the decoder holds the first part back.
  const decoder = new StringDecoder("utf8");
  const pass = (lines: Transform, line: string) => {
    const mended = mendLine(line, answer);
    if (mended !== undefined) lines.push(`${mended}\n`);
  };
  const lines = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = typeof chunk === "string" ? chunk : decoder.write(chunk);
      const complete = (pending + text).split("\n");
      pending = complete.pop() ?? "";
      for (const line of complete) pass(this, line);
      done();
    },
    flush(done) {
      pending += decoder.end();
      if (pending !== "") pass(this, pending);
      done();
    },
  });
  return stdin.pipe(lines);
}

function mendLine(line: string, answer: (line: string) => void): string | undefined {
  const read = jsonOrText(line);
  if (!read.isJson) return line; // Not JSON: the transport's own handling applies.
  const message = read.value;
  const repaired = repairMessage(message);
  if ("refusal" in repaired) {
    answer(`${JSON.stringify(repaired.refusal)}\n`);
    return undefined;
  }
  return repaired.message === message ? line : JSON.stringify(repaired.message);
}
