/**
 * The scripts a reader copies from the README, the getting-started guide, llms.txt and the agent
 * skill run to the end at the hours when an approval's planned time has passed (the service then
 * throws `PlannedTimePassedError`): a Saturday noon and a Sunday evening, UTC. Each runs in a
 * child process with tsx, with `Date` moved to that hour; the fake's clock follows it.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { Postline } from "../../src/index.js";
import { createFakeService, startFakeServer } from "../../src/testing/index.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The one ```ts block of `page` that contains `text`. */
function blockWith(page: string, text: string): string {
  const blocks = [...readFileSync(join(root, page), "utf8").matchAll(/^```ts\n([\s\S]*?)^```$/gm)]
    .map((match) => match[1] as string)
    .filter((code) => code.includes(text));
  if (blocks.length !== 1)
    throw new Error(`${page}: ${blocks.length} \`\`\`ts blocks hold ${text}`);
  return blocks[0] as string;
}

// Inside the package, so that `@postline/sdk` resolves through its own exports map to dist/ and
// `msw` to its node_modules, as in a clone after `npm run build`.
mkdirSync(join(root, ".ci/.cache"), { recursive: true });
const work = mkdtempSync(join(root, ".ci/.cache/doc-scripts-any-hour-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Loaded before the script: `Date` (and so `Date.now()`) reads `AT` plus the time since start.
const SHIFT_DATE = join(work, "shift-date.mjs");
writeFileSync(
  SHIFT_DATE,
  `const RealDate = Date;
const offset = RealDate.parse(process.env.AT) - RealDate.now();
globalThis.Date = class extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }
  static now() {
    return RealDate.now() + offset;
  }
};
`,
);

/** Runs `code` with tsx at the instant `at`, with `env` added; resolves to its exit and output. */
function runAt(name: string, code: string, at: string, env: Record<string, string> = {}) {
  const file = join(work, `${name}.ts`);
  writeFileSync(file, code);
  const tsx = join(root, "node_modules/tsx/dist/loader.mjs");
  return new Promise<{ status: number | null; output: string }>((resolve) => {
    // Not spawnSync: the fake of a script that reads POSTLINE_BASE_URL answers from this process.
    const child = spawn(process.execPath, ["--import", SHIFT_DATE, "--import", tsx, file], {
      cwd: work,
      env: { ...process.env, NO_COLOR: "1", AT: at, ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.on("close", (status: number | null) => resolve({ status, output }));
  });
}

/** The scripts that read POSTLINE_API_KEY and POSTLINE_BASE_URL, each with a block it holds. */
const AGAINST_A_SERVICE = [
  ["README.md", "Three things we learned shipping our scheduler this week."],
  ["docs/getting-started.md", "// 3. Approve it"],
  ["llms.txt", `body: "Let's delve into what we shipped.",`],
  ["skills/postline/SKILL.md", "connect an X channel first"],
] as const;

const HOURS = ["2026-11-28T12:00:00Z", "2026-11-29T18:00:00Z"]; // a Saturday, a Sunday

describe.each(HOURS)("at %s", (at) => {
  it("the README's first agent script runs to the end and lists its draft as queued", async () => {
    const code = blockWith("README.md", "one ready workspace: channels, brand, quota");
    const run = await runAt("first-agent", code, at);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain("AI-isms: delve");
    // The fake's first id: the script's draft, with the time it is queued for.
    expect(run.output).toMatch(/^cnt_000001 \w+ Acme on X \d{4}-\d\d-\d\dT/m);
  });

  it.for(AGAINST_A_SERVICE)(
    "the script of %s runs to the end and queues its post",
    async ([page, text]) => {
      const service = createFakeService();
      service.clock.set(at);
      const server = await startFakeServer(service, { port: 0 });
      try {
        const { apiKey } = service.defaults;
        const name = page.replace(/[/.]/g, "_");
        const run = await runAt(name, blockWith(page, text), at, {
          POSTLINE_API_KEY: apiKey,
          POSTLINE_BASE_URL: server.url,
        });
        expect(run.status, run.output).toBe(0);
        // What the script wrote: the fake numbers new items cnt_000001, cnt_000002, ...
        const client = new Postline({ apiKey, baseURL: server.url });
        const written = (await client.content.list().toArray()).filter((item) =>
          /^cnt_\d+$/.test(item.id),
        );
        expect(written.length).toBeGreaterThan(0);
        for (const item of written) {
          expect(item.status === "scheduled" || item.scheduledAt !== undefined, item.id).toBe(true);
        }
      } finally {
        await server.close();
      }
    },
  );
});
