#!/usr/bin/env node
// Runs every ```ts block of the agent skill and of llms.txt against the BUILT package (run
// `npm run build` first), each against a fresh `postline fake` whose key and base URL it gets as
// POSTLINE_API_KEY and POSTLINE_BASE_URL: an example a model copies must work, not only compile
// (.ci/check-doc-snippets.mjs type-checks them). A block that imports vitest runs as a test file.
// `@postline/sdk` resolves through the package's own exports map, as in a user's project.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startPostlineFake } from "./postline-fake.mjs";
import { tsBlocks } from "./ts-blocks.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const PAGES = ["skills/postline/SKILL.md", "llms.txt"];
// Inside the package, so that `@postline/sdk` is the package itself (dist/).
const work = join(root, ".ci/.cache/skill-snippets");
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
writeFileSync(
  join(work, "vitest.config.mjs"),
  'export default { test: { include: ["*.test.ts"], testTimeout: 30000 } };\n',
);

const bin = (name) => join(root, "node_modules/.bin", name);
let failed = 0;
let ran = 0;
for (const page of PAGES) {
  for (const { line, code } of tsBlocks(join(root, page))) {
    const isTest = /from "vitest"/.test(code);
    const file = `${page.replace(/[/.]/g, "_")}-${line}${isTest ? ".test" : ""}.ts`;
    writeFileSync(join(work, file), `${code}\nexport {};\n`);
    const fake = await startPostlineFake();
    const env = {
      ...process.env,
      NO_COLOR: "1",
      POSTLINE_API_KEY: fake.apiKey,
      POSTLINE_BASE_URL: fake.baseURL,
    };
    const [command, args] = isTest
      ? [bin("vitest"), ["run", "--root", work, "--config", join(work, "vitest.config.mjs"), file]]
      : [bin("tsx"), [join(work, file)]];
    const result = spawnSync(command, args, { cwd: work, env, encoding: "utf8", timeout: 90_000 });
    await fake.stop();
    ran += 1;
    if (result.status === 0) {
      console.log(`ok   ${page}:${line}`);
    } else {
      failed += 1;
      console.error(`FAIL ${page}:${line} (exit ${result.status ?? result.signal})`);
      console.error(`${result.stdout}${result.stderr}`.replace(/^/gm, "     "));
    }
  }
}
if (ran === 0) {
  console.error("run-skill-snippets: no ```ts block found");
  process.exit(1);
}
console.log(`run-skill-snippets: ${ran - failed} of ${ran} blocks ran against postline fake`);
process.exit(failed === 0 ? 0 : 1);
