// The ```ts blocks of a Markdown page, each with the line of its opening fence (1-based).
import { readFileSync } from "node:fs";

export function tsBlocks(path) {
  const lines = readFileSync(path, "utf8").split("\n");
  const blocks = [];
  let start = -1;
  lines.forEach((line, index) => {
    if (start === -1 && /^```ts\s*$/.test(line)) start = index;
    else if (start !== -1 && /^```\s*$/.test(line)) {
      blocks.push({ line: start + 1, code: lines.slice(start + 1, index).join("\n") });
      start = -1;
    }
  });
  return blocks;
}
