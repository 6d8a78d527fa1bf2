// Counts a source tree's lines as the house budget counts them (ARCHITECTURE.md): a line of code
// holds at least one token; a comment line holds only comments; blank lines count as neither.
// TypeScript's own parser reads each file, so strings and regular expressions are never taken
// for comments.
//   node scripts/count-lines.mjs [folder] [--folders]   # default src/; --folders: one row each
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/** Code, comment-only and non-blank lines of one file's text. */
export function countLines(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const lines = text.split("\n");
  const code = new Set();
  const comment = new Set();
  const mark = (set, start, end) => {
    const first = source.getLineAndCharacterOfPosition(start).line;
    const last = source.getLineAndCharacterOfPosition(Math.max(start, end - 1)).line;
    for (let line = first; line <= last; line++) if (lines[line].trim()) set.add(line);
  };
  const seen = new Set();
  const comments = (position) => {
    const ranges = [
      ...(ts.getLeadingCommentRanges(text, position) ?? []),
      ...(ts.getTrailingCommentRanges(text, position) ?? []),
    ];
    for (const range of ranges) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      mark(comment, range.pos, range.end);
    }
  };
  const visit = (node) => {
    const children = node.getChildren(source);
    if (children.length === 0 || node.kind === ts.SyntaxKind.JsxText) {
      if (node.kind !== ts.SyntaxKind.EndOfFileToken)
        mark(code, node.getStart(source), node.getEnd());
      comments(node.getFullStart());
      comments(node.getEnd());
    } else {
      for (const child of children) if (!ts.isJSDoc(child)) visit(child);
    }
  };
  visit(source);
  comments(source.endOfFileToken.getFullStart());
  return {
    nonBlank: lines.filter((line) => line.trim()).length,
    code: code.size,
    comment: [...comment].filter((line) => !code.has(line)).length,
  };
}

/** The totals of every TypeScript and JavaScript file under `top`, and per folder. */
export function countTree(top) {
  const total = { files: 0, code: 0, comment: 0, nonBlank: 0 };
  const folders = new Map();
  for (const entry of readdirSync(top, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) {
      folders.set(join(entry.parentPath, entry.name), {
        files: 0,
        code: 0,
        comment: 0,
        nonBlank: 0,
      });
    }
  }
  folders.set(top, { files: 0, code: 0, comment: 0, nonBlank: 0 });
  for (const entry of readdirSync(top, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const counted = countLines(path, readFileSync(path, "utf8"));
    for (const sum of [total, folders.get(entry.parentPath)]) {
      sum.files++;
      sum.code += counted.code;
      sum.comment += counted.comment;
      sum.nonBlank += counted.nonBlank;
    }
  }
  return { total, folders };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const top = process.argv.slice(2).find((arg) => !arg.startsWith("--")) ?? "src";
  const { total, folders } = countTree(top);
  const share = (sum) => (sum.nonBlank === 0 ? "-" : (sum.comment / sum.nonBlank).toFixed(2));
  if (process.argv.includes("--folders")) {
    for (const [folder, sum] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(
        `${relative(".", folder).padEnd(42)} ${String(sum.files).padStart(4)} files ${String(sum.code).padStart(6)} code  ${share(sum)} comments`,
      );
    }
  }
  console.log(
    `${top}: ${folders.size} folders, ${total.files} files, ${total.code} lines of code, ${total.comment} comment lines, comment share ${share(total)}`,
  );
}
