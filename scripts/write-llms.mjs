#!/usr/bin/env node
// Writes llms.txt (an index for language models, llmstxt.org) and llms-full.txt (every guide in
// one file) at the package root, from scripts/llms-intro.md and the pages under docs/. Both ship
// in the package; `--check` exits 1 when either differs from what this would write.
//   node scripts/write-llms.mjs            # write them
//   node scripts/write-llms.mjs --check    # CI: fail when they are stale
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, posix, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const REPO = pkg.homepage.replace(/#.*$/, "");
const RAW = REPO.replace("https://github.com/", "https://raw.githubusercontent.com/");

/**
 * The index's sections: each page with what it answers, in reading order. llms-full.txt holds
 * the same pages in the same order.
 */
export const SECTIONS = [
  [
    "Docs",
    [
      [
        "docs/getting-started.md",
        "install, the client and its options, first calls, a first test against the fake",
      ],
      [
        "docs/pagination.md",
        "`for await` over `content.list()`, `.pages()`, `.toArray({ max })`, `listPage()` and cursors",
      ],
      ["docs/errors.md", "the error class tree, the fields of each error, and a recipe per error"],
      [
        "docs/retries.md",
        "what is retried, reconciliation of ambiguous creates, pacing, `maxWaitMs` and `RateLimitWaitError`, a shared Redis store",
      ],
      [
        "docs/testing.md",
        "the contract fake: msw handlers, `startFakeServer`, the seed, the clock, faults, the request log",
      ],
      [
        "docs/recordings.md",
        "`postline record` (secrets scrubbed), `postline fake --replay`, `postline fake check`, and `recordingFetch`, `replayFetch`, `checkRecording`",
      ],
      ["docs/observability.md", "hooks, logging, call ids and OpenTelemetry spans"],
      [
        "docs/agent-tools.md",
        "function-calling tools: `runTool`, OpenAI and Anthropic shapes, the AI SDK, OpenAI Agents and LangChain",
      ],
      [
        "docs/mcp.md",
        "`postline mcp` for MCP hosts, `createMcpServer`, `errorFromMcp`, the `postline` command",
      ],
      [
        "docs/approval.md",
        "a person's approval of AI-ism matches: `content.review`, `{ acknowledge: review }`, the `acknowledgment` policy, `confirm`",
      ],
      [
        "docs/frameworks.md",
        "the AI SDK's `toolApproval`, OpenAI Agents' `needsApproval` and LangChain's human-in-the-loop for the AI-ism gate",
      ],
    ],
  ],
  [
    "Optional",
    [
      ["docs/rest.md", "every route, parameter and body, for callers without the SDK"],
      ["docs/contract/api-v1.md", "the wire contract the SDK and the fake follow"],
      ["docs/migration.md", "moving code from the contract before 2026-09-25"],
      ["docs/performance.md", "how the SDK's overhead and request budget are measured"],
    ],
  ],
];

/** Pages of docs/ left out of both files, with why. */
export const LEFT_OUT = {
  "docs/contract/rules.md": "the rule IDs the SDK's own contract tests use",
};

const read = (path) => readFileSync(join(root, path), "utf8");

/** A page's title: its first heading, without code marks. */
const titleOf = (path) => (/^# (.+)$/m.exec(read(path))?.[1] ?? path).replace(/`/g, "");

/** The page with its relative links made absolute, as it reads outside the repository. */
function absoluteLinks(path) {
  const base = posix.dirname(path);
  return read(path).replace(/\]\((?!https?:|#|mailto:)([^)\s]+)\)/g, (_, target) => {
    const [file, anchor] = target.split("#");
    const resolved = posix.normalize(posix.join(base, file));
    return `](${REPO}/blob/main/${resolved}${anchor ? `#${anchor}` : ""})`;
  });
}

export function llmsTxt() {
  const lines = [read("scripts/llms-intro.md").trimEnd(), ""];
  for (const [section, pages] of SECTIONS) {
    lines.push(`## ${section}`, "");
    if (section === "Docs") {
      lines.push(
        `- [llms-full.txt](${RAW}/main/llms-full.txt): every page of this list in one file (also at the package root)`,
        `- [Agent skill](${RAW}/main/skills/postline/SKILL.md): how to write code against the SDK, in the Agent Skills format (skills/postline/SKILL.md in the package)`,
      );
    }
    for (const [page, note] of pages)
      lines.push(`- [${titleOf(page)}](${RAW}/main/${page}): ${note}`);
    lines.push("");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

export function llmsFullTxt() {
  const intro = read("scripts/llms-intro.md").split(/\n\s*\n/);
  const parts = [`${intro.slice(0, 2).join("\n\n")}`];
  for (const [, pages] of SECTIONS) {
    for (const [page] of pages) {
      parts.push(`<!-- ${page}: ${REPO}/blob/main/${page} -->\n\n${absoluteLinks(page).trim()}`);
    }
  }
  return `${parts.join("\n\n")}\n`;
}

/** Every Markdown page under docs/, as paths from the root. */
export function docsPages(dir = "docs") {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "api" ? [] : docsPages(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

function main() {
  const listed = new Set(SECTIONS.flatMap(([, pages]) => pages.map(([page]) => page)));
  const forgotten = docsPages().filter((page) => !listed.has(page) && !(page in LEFT_OUT));
  if (forgotten.length > 0) {
    console.error(`write-llms: list these in SECTIONS or LEFT_OUT: ${forgotten.join(", ")}`);
    process.exit(1);
  }
  const outputs = { "llms.txt": llmsTxt(), "llms-full.txt": llmsFullTxt() };
  const check = process.argv.includes("--check");
  let stale = 0;
  for (const [file, text] of Object.entries(outputs)) {
    const path = join(root, file);
    let current = "";
    try {
      current = readFileSync(path, "utf8");
    } catch {}
    if (current === text) continue;
    if (check) {
      console.error(`write-llms: ${file} is stale; run npm run llms`);
      stale += 1;
    } else {
      writeFileSync(path, text);
      console.log(`wrote ${relative(root, path)} (${Buffer.byteLength(text)} bytes)`);
    }
  }
  if (stale > 0) process.exit(1);
  if (check) console.log("write-llms: llms.txt and llms-full.txt are up to date");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
