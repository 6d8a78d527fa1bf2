/**
 * The walls `npm run check:imports` guards, each seen to stand: a small tree with one planted
 * violation per rule is cruised with the project's own rule set, and each planted arrow is
 * reported under its rule, while the allowed arrows beside them are not.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type ICruiseResult, type IForbiddenRuleType } from "dependency-cruiser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const rules = createRequire(import.meta.url)("../../.dependency-cruiser.cjs") as {
  forbidden: IForbiddenRuleType[];
};

/** Each file of the planted tree, by its path under the tree, and what it imports. */
const PLANTED: Record<string, string[]> = {
  "src/client.ts": [],
  "src/schemas/content.ts": [],
  "src/core/setup/client-options.ts": ["../../schemas/content.ts"],
  "src/core/reaches-up.ts": ["../client.ts"],
  "src/contract/approval-source.ts": [],
  "src/mcp/ask/review-card/card-page.ts": ["../../../contract/approval-source.ts"],
  "src/frameworks/ai-sdk.ts": [],
  "src/testing/fake/rules/approval.ts": [
    "../../../contract/approval-source.ts",
    "../../../mcp/ask/review-card/card-page.ts",
  ],
  "src/testing/tooling/watch/page.ts": ["../../../frameworks/ai-sdk.ts"],
};

describe("import rules (.dependency-cruiser.cjs)", () => {
  const tree = mkdtempSync(join(tmpdir(), "postline-import-rules-"));
  let violations: string[] = [];

  beforeAll(async () => {
    for (const [path, imports] of Object.entries(PLANTED)) {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      const lines = imports.map((target, index) => `import * as m${index} from "${target}";`);
      writeFileSync(join(tree, path), `${lines.join("\n")}\nexport const here = 1;\n`);
    }
    const { output } = await cruise(["src"], {
      baseDir: tree,
      validate: true,
      ruleSet: { forbidden: rules.forbidden },
      tsPreCompilationDeps: true,
    });
    violations = (output as ICruiseResult).summary.violations.map(
      (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
    );
  }, 60_000);
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it("core-outside: core imports no file at the top of src/", () => {
    expect(violations).toContain("core-outside: src/core/reaches-up.ts → src/client.ts");
  });

  it("fake-stands-alone: the fake imports nothing from the MCP App", () => {
    expect(violations).toContain(
      "fake-stands-alone: src/testing/fake/rules/approval.ts → src/mcp/ask/review-card/card-page.ts",
    );
  });

  it("fake-stands-alone: the fake's tooling imports nothing from the frameworks", () => {
    expect(violations).toContain(
      "fake-stands-alone: src/testing/tooling/watch/page.ts → src/frameworks/ai-sdk.ts",
    );
  });

  it("the allowed arrows beside them are not reported", () => {
    expect(violations).toHaveLength(3);
  });
});
