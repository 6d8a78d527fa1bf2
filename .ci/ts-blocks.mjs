// The ```ts blocks of a Markdown page, each with the line of its opening fence (1-based).
//
// A block that is a fragment (it uses a `client` or a `service` an earlier block made, or shows
// one step inside a function) is marked as one by a comment on the lines right above its fence,
// which writes out its context:
//
//   <!-- fragment: after
//   import { Postline } from "@postline/sdk";
//   declare const client: Postline;
//   -->
//   ```ts
//
// The context (the lines between the comment's first line and `-->`) is returned as `context`;
// a renderer shows nothing of it, and a reader of the raw page sees what the block assumes.
import { readFileSync } from "node:fs";

const FRAGMENT_START = /^<!-- fragment: after\s*$/;

export function tsBlocks(path) {
  const lines = readFileSync(path, "utf8").split("\n");
  const blocks = [];
  let start = -1;
  lines.forEach((line, index) => {
    if (start === -1 && /^```ts\s*$/.test(line)) start = index;
    else if (start !== -1 && /^```\s*$/.test(line)) {
      const code = lines.slice(start + 1, index).join("\n");
      const context = contextAbove(lines, start);
      blocks.push({ line: start + 1, code, ...(context === undefined ? {} : { context }) });
      start = -1;
    }
  });
  return blocks;
}

/** The context written in a fragment comment that ends on the line right above the fence. */
function contextAbove(lines, fence) {
  if (fence === 0 || lines[fence - 1].trim() !== "-->") return undefined;
  for (let index = fence - 2; index >= 0; index--) {
    if (FRAGMENT_START.test(lines[index])) return lines.slice(index + 1, fence - 1).join("\n");
    if (lines[index].includes("-->")) return undefined;
  }
  return undefined;
}
