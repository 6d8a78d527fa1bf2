#!/usr/bin/env node
// Type-checks every ```ts block of the guides, the README, the agent skill and llms.txt against
// the SDK's source, so they cannot show code that does not compile. Each block is its own
// complete module; `@postline/sdk` maps to src/.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tsBlocks } from "./ts-blocks.mjs";

const root = new URL("..", import.meta.url).pathname;
const work = join(root, ".ci/.cache/doc-snippets");
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

// The pages whose blocks are whole programs (other pages may show fragments), from the root.
const PAGES = [
  "docs/getting-started.md",
  "docs/pagination.md",
  "docs/errors.md",
  "docs/migration.md",
  "docs/retries.md",
  "docs/mcp.md",
  "docs/observability.md",
  "README.md",
  "skills/postline/SKILL.md",
  "llms.txt",
];

/** A snippet's file name: the page's path with `/` and `.` as `_`, then its fence's line. */
const fileOf = (page, line) => `${page.replace(/[/.]/g, "_")}-${line}.ts`;

const origins = new Map();
for (const page of PAGES) {
  const blocks = tsBlocks(join(root, page));
  if (blocks.length === 0) {
    console.error(`check-doc-snippets: no \`\`\`ts block found in ${page}`);
    process.exit(1);
  }
  for (const { line, code } of blocks) {
    const file = fileOf(page, line);
    // Leading blank lines keep line numbers equal to the page's (the fence is line `line`).
    writeFileSync(join(work, file), `${"\n".repeat(line)}${code}\nexport {};\n`);
    origins.set(file, page);
  }
}

const base = JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8"));
const src = (path) => `../../../src/${path}`;
writeFileSync(
  join(work, "tsconfig.json"),
  JSON.stringify({
    compilerOptions: {
      ...base.compilerOptions,
      // A snippet shows one step: it may set up a client or a function the page uses later.
      noUnusedLocals: false,
      noUnusedParameters: false,
      types: ["node"],
      typeRoots: ["../../../node_modules/@types"],
      paths: {
        "@postline/sdk": [src("index.ts")],
        "@postline/sdk/testing": [src("testing/index.ts")],
        "@postline/sdk/schemas": [src("schemas/public.ts")],
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
// Report errors in the snippets as <page>:<line>:<column>.
const output = `${result.stdout}${result.stderr}`;
const errors = output
  .split("\n")
  .map((line) => line.replace(/^.*doc-snippets\//, ""))
  .map((line) => /^([\w.-]+\.ts)\((\d+),(\d+)\)(.*)$/.exec(line))
  .filter((match) => match !== null && origins.has(match[1]))
  .map(([, file, row, col, rest]) => `${origins.get(file)}:${row}:${col}${rest}`);
if (errors.length > 0) {
  console.error(`check-doc-snippets: ${errors.length} error(s) in the pages' code:`);
  for (const line of errors) console.error(`  ${line}`);
  process.exit(1);
}
// Any other failure (an error outside the snippets, a bad configuration) fails too.
if (result.status !== 0) {
  console.error(`check-doc-snippets: tsc failed (exit ${result.status}):\n${output}`);
  process.exit(1);
}
console.log(
  `check-doc-snippets: all ${origins.size} TypeScript blocks of ${PAGES.length} pages compile`,
);
