#!/usr/bin/env node
// Type-checks every ```ts block of the guides, the README, the agent skill and llms.txt against
// the SDK's source, so they cannot show code that does not compile. Each block is its own
// complete module; `@postline/sdk` maps to src/.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tsBlocks } from "./ts-blocks.mjs";

const root = new URL("..", import.meta.url).pathname;
const work = join(root, ".ci/.cache/doc-snippets");
rmSync(work, { recursive: true, force: true });

// Every page with TypeScript: the guides under docs/, the README, the agent skill, llms.txt and
// llms-full.txt. A block is a whole module, or a fragment marked as one with its context written
// out above it (ts-blocks.mjs), which is checked with that context before it.
const PAGES = [
  ...readdirSync(join(root, "docs"), { recursive: true })
    .filter((path) => path.endsWith(".md"))
    .map((path) => `docs/${path}`)
    .filter((page) => tsBlocks(join(root, page)).length > 0)
    .sort(),
  "README.md",
  "skills/postline/SKILL.md",
  "llms.txt",
  "llms-full.txt",
];

/** A snippet's file name: the page's path with `/` and `.` as `_`, then its fence's line. */
const fileOf = (page, line) => `${page.replace(/[/.]/g, "_")}-${line}.ts`;

// A block that imports a framework (the AI SDK, the OpenAI Agents SDK, LangChain) is compiled as
// their users compile it: the types those packages ship do not support
// exactOptionalPropertyTypes (docs/frameworks.md says so), so it is off for these blocks alone.
const FRAMEWORK_IMPORT = /from "(ai|@openai\/agents|langchain|@langchain\/[\w-]+)"/;
// Model providers the pages name but the SDK does not install: the one function each block calls.
const PROVIDERS = `declare module "@ai-sdk/openai" {
  export function openai(model: string): import("ai").LanguageModel;
}
declare module "@langchain/openai" {
  export class ChatOpenAI {
    constructor(fields: { model: string });
    bindTools(tools: readonly unknown[]): unknown;
  }
}
`;

const PROGRAMS = {
  strict: {},
  frameworks: { exactOptionalPropertyTypes: false },
};
const origins = new Map();
for (const program of Object.keys(PROGRAMS)) mkdirSync(join(work, program), { recursive: true });
for (const page of PAGES) {
  const blocks = tsBlocks(join(root, page));
  if (blocks.length === 0) {
    console.error(`check-doc-snippets: no \`\`\`ts block found in ${page}`);
    process.exit(1);
  }
  for (const { line, code, context } of blocks) {
    const file = fileOf(page, line);
    const program = FRAMEWORK_IMPORT.test(`${context ?? ""}\n${code}`) ? "frameworks" : "strict";
    // A fragment's context first, then blank lines, so that line numbers equal the page's (the
    // fence is line `line`; the context, written just above it, has fewer lines).
    const before = context === undefined ? "" : `${context}\n`;
    const padding = "\n".repeat(line - before.split("\n").length + 1);
    writeFileSync(join(work, program, file), `${before}${padding}${code}\nexport {};\n`);
    origins.set(file, page);
  }
}

const base = JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8"));
const src = (path) => `../../../../src/${path}`;
const tsc = join(root, "node_modules/typescript/bin/tsc");
const errors = [];
for (const [program, options] of Object.entries(PROGRAMS)) {
  const dir = join(work, program);
  if (program === "frameworks") writeFileSync(join(dir, "providers.d.ts"), PROVIDERS);
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        ...base.compilerOptions,
        // A snippet shows one step: it may set up a client or a function the page uses later.
        noUnusedLocals: false,
        noUnusedParameters: false,
        types: ["node"],
        typeRoots: ["../../../../node_modules/@types"],
        paths: {
          "@postline/sdk": [src("index.ts")],
          "@postline/sdk/testing": [src("testing/index.ts")],
          "@postline/sdk/schemas": [src("schemas/public.ts")],
          "@postline/sdk/tools": [src("tools/index.ts")],
          "@postline/sdk/mcp": [src("mcp/index.ts")],
          "@postline/sdk/redis": [src("redis/index.ts")],
          "@postline/sdk/ai-sdk": [src("frameworks/ai-sdk.ts")],
          "@postline/sdk/openai-agents": [src("frameworks/openai-agents.ts")],
          "@postline/sdk/langchain": [src("frameworks/langchain.ts")],
        },
        ...options,
      },
      include: ["*.ts"],
    }),
  );
  const result = spawnSync(process.execPath, [tsc, "--noEmit", "-p", dir, "--pretty", "false"], {
    encoding: "utf8",
  });
  // Report errors in the snippets as <page>:<line>:<column>.
  const output = `${result.stdout}${result.stderr}`;
  const found = output
    .split("\n")
    .map((line) => line.replace(/^.*doc-snippets\/\w+\//, ""))
    .map((line) => /^([\w.-]+\.ts)\((\d+),(\d+)\)(.*)$/.exec(line))
    .filter((match) => match !== null && origins.has(match[1]))
    .map(([, file, row, col, rest]) => `${origins.get(file)}:${row}:${col}${rest}`);
  errors.push(...found);
  // Any other failure (an error outside the snippets, a bad configuration) fails too.
  if (found.length === 0 && result.status !== 0) {
    console.error(
      `check-doc-snippets: tsc failed on ${program} (exit ${result.status}):\n${output}`,
    );
    process.exit(1);
  }
}
if (errors.length > 0) {
  console.error(`check-doc-snippets: ${errors.length} error(s) in the pages' code:`);
  for (const line of errors) console.error(`  ${line}`);
  process.exit(1);
}
// The blocks name packages the project does not install (@ai-sdk/openai): leave no files for
// other tools (knip) to find.
rmSync(work, { recursive: true, force: true });
console.log(
  `check-doc-snippets: all ${origins.size} TypeScript blocks of ${PAGES.length} pages compile`,
);
