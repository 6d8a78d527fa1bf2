import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { repairedStdin } from "../../src/mcp/transport/stdio-repair.js";

async function linesOut(chunks: Buffer[]): Promise<string[]> {
  const stdin = new PassThrough();
  const out = repairedStdin(stdin, () => {});
  const read: string[] = [];
  out.on("data", (line: Buffer | string) => read.push(line.toString()));
  const ended = new Promise((resolve) => out.on("end", resolve));
  for (const chunk of chunks) stdin.write(chunk);
  stdin.end();
  await ended;
  return read.join("").split("\n").filter(Boolean);
}

describe("the repaired stdin", () => {
  it("keeps a character whose bytes arrive in two chunks", async () => {
    const line = `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { note: "café ✓" } })}\n`;
    const bytes = Buffer.from(line, "utf8");
    const split = bytes.indexOf(Buffer.from("✓", "utf8")) + 1; // inside the 3-byte character
    const lines = await linesOut([bytes.subarray(0, split), bytes.subarray(split)]);
    expect(lines).toEqual([line.trimEnd()]);
  });
});
