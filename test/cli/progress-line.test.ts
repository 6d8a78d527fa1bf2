import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { ProgressLine } from "../../src/cli/progress-line.js";

function capture() {
  const stream = Object.assign(new PassThrough(), { columns: 100 });
  let written = "";
  stream.on("data", (chunk: Buffer) => {
    written += chunk.toString("utf8");
  });
  return { stream, text: () => written };
}

const lastLine = (text: string) => text.split("\r").at(-1) ?? "";
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("postline content export: the progress line", () => {
  it("shows the items so far and the rate, and ends with a newline", async () => {
    const { stream, text } = capture();
    const progress = new ProgressLine(stream);
    progress.counted(1_250);
    progress.pageSent();
    await pause(300);
    expect(lastLine(text())).toMatch(/^1,250 items · \d+(\.\d)?\/s/);
    progress.finish("done");
    expect(text().endsWith("\n")).toBe(true);
    expect(lastLine(text())).toContain("done");
  });

  it("says when it is waiting for the rate limit, and when the service asked it to wait", async () => {
    const { stream, text } = capture();
    const progress = new ProgressLine(stream);
    progress.pageRequested();
    await pause(600);
    expect(lastLine(text())).toContain("waiting for the rate limit");
    progress.retrying({ delayMs: 12_000, rateLimited: true });
    await pause(300);
    expect(lastLine(text())).toContain("rate limited by the service, retrying in 12 s");
    progress.pageSent();
    await pause(300);
    expect(lastLine(text())).not.toContain("waiting");
    progress.finish("done");
  });

  it("counts down to the slot the pacer expects, instead of up", async () => {
    const { stream, text } = capture();
    const progress = new ProgressLine(stream);
    progress.pageRequested();
    progress.slotExpected(42_000);
    await pause(300);
    const first = lastLine(text()).match(/slot in (\d+) s/);
    expect(first?.[1]).toBe("42");
    await pause(1_000);
    const second = lastLine(text()).match(/slot in (\d+) s/);
    expect(Number(second?.[1])).toBe(41);
    progress.pageSent();
    await pause(300);
    expect(lastLine(text())).not.toContain("slot in");
    progress.finish("done");
  });
});
