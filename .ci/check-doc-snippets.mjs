#!/usr/bin/env node
// Type-checks every ```ts block of the guides against the SDK's source, so they cannot show code
// that does not compile. Each block is its own complete module; `@postline/sdk` maps to src/.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const docs = join(root, "docs");
const work = join(root, ".ci/.cache/doc-snippets");
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

// The guides (and the README) whose blocks are whole programs; other pages may show fragments.
const GUIDES = [
  "getting-started.md",
  "pagination.md",
  "errors.md",
  "migration.md",
  "retries.md",
  "mcp.md",
  "observability.md",
  "../README.md",
];

const origins = new Map();
for (const doc of GUIDES) {
  const lines = readFileSync(join(docs, doc), "utf8").split("\n");
  let start = -1;
  lines.forEach((line, index) => {
    if (start === -1 && /^```ts\s*$/.test(line)) start = index;
    else if (start !== -1 && /^```\s*$/.test(line)) {
      const file = `${basename(doc).replace(/\.md$/, "")}-${start + 1}.ts`;
      // A leading blank line keeps line numbers equal to the doc's (the fence is line `start`).
      writeFileSync(
        join(work, file),
        `${"\n".repeat(start + 1)}${lines.slice(start + 1, index).join("\n")}\nexport {};\n`,
      );
      origins.set(file, doc);
      start = -1;
    }
  });
}
if (origins.size === 0) {
  console.error("check-doc-snippets: no ```ts blocks found in the guides");
  process.exit(1);
}

const base = JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8"));
const src = (path) => `../../../src/${path}`;
writeFileSync(
  join(work, "tsconfig.json"),
  JSON.stringify({
    compilerOptions: {
      ...base.compilerOptions,
      types: ["node"],
      typeRoots: ["../../../node_modules/@types"],
      paths: {
        "@postline/sdk": [src("index.ts")],
        "@postline/sdk/testing": [src("testing/index.ts")],
        "@postline/sdk/tools": [src("tools/index.ts")],
        "@postline/sdk/mcp": [src("mcp/index.ts")],
      },
    },
    include: ["*.ts"],
  }),
);

const tsc = join(root, "node_modules/typescript/bin/tsc");
const result = spawnSync(process.execPath, [tsc, "--noEmit", "-p", work, "--pretty", "false"], {
  encoding: "utf8",
});
// Report errors in the snippets as docs/<file>.md:<line>; errors elsewhere are not ours to show.
const errors = `${result.stdout}${result.stderr}`
  .split("\n")
  .map((line) => line.replace(/^.*doc-snippets\//, ""))
  .filter((line) => /^[\w.-]+-\d+\.ts\(\d+,\d+\)/.test(line))
  .map((line) =>
    line.replace(
      /^([\w.-]+)-\d+\.ts\((\d+),(\d+)\)/,
      (_, doc, row, col) => `docs/${doc}.md:${row}:${col}`,
    ),
  );
if (errors.length > 0) {
  console.error(`check-doc-snippets: ${errors.length} error(s) in the guides' code:`);
  for (const line of errors) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`check-doc-snippets: all ${origins.size} TypeScript blocks in the guides compile`);
