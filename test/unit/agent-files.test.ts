/**
 * What the package ships for agents that write code against it: the Agent Skill
 * (skills/postline/SKILL.md, agentskills.io format), llms.txt and llms-full.txt. Their examples
 * are type-checked by .ci/check-doc-snippets.mjs and run by .ci/run-skill-snippets.mjs.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");
const pkg = JSON.parse(read("package.json")) as Record<string, any>;
const REPO = "https://github.com/postline/postline-sdk-typescript";
const RAW = "https://raw.githubusercontent.com/postline/postline-sdk-typescript";

/** The frontmatter's top-level `key: value` lines (the skill uses no nested YAML). */
function frontmatterOf(text: string): Record<string, string> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  expect(match, "SKILL.md starts with a --- frontmatter block").not.toBeNull();
  return Object.fromEntries(
    match![1]!.split("\n").map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    }),
  );
}

describe("the files for coding agents", () => {
  it("SKILL.md follows the Agent Skills format: a name matching its folder, a short description", () => {
    const fields = frontmatterOf(read("skills/postline/SKILL.md"));
    const allowed = [
      "name",
      "description",
      "license",
      "compatibility",
      "metadata",
      "allowed-tools",
    ];
    expect(Object.keys(fields).filter((key) => !allowed.includes(key))).toEqual([]);
    // Plain YAML scalars: a ": " inside one would need quotes.
    for (const value of Object.values(fields)) expect(value).not.toMatch(/: |^$/);
    expect(fields.name).toBe("postline");
    expect(fields.name).toMatch(/^(?!-)(?!.*--)[a-z0-9-]{1,64}(?<!-)$/);
    expect(fields.description!.length).toBeGreaterThan(0);
    expect(fields.description!.length).toBeLessThanOrEqual(1024);
    expect(fields.description).toMatch(/Use when/);
    expect(fields.license).toBe(pkg.license);
  });

  it("SKILL.md covers the lifecycle, pacing, the typed errors, paging and the fake", () => {
    const headings = [...read("skills/postline/SKILL.md").matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual([
      "The lifecycle and the acknowledgment gate",
      "Pacing and `maxWaitMs`",
      "Typed errors, and what to do on each",
      "Paging with `for await`",
      "Testing with the fake",
      "More",
    ]);
  });

  it("the skill and llms.txt acknowledge AI-isms through content.review() and { acknowledge: review }", () => {
    for (const page of ["skills/postline/SKILL.md", "llms.txt"]) {
      const text = read(page);
      const code = [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]).join("\n");
      // Their code binds the answer to the text the person saw...
      expect(code, page).toMatch(/content\.review\(/);
      expect(code, page).toMatch(/\{ acknowledge: review \}/);
      // ...and never acknowledges blind: the body field is only named, as the contract's escape.
      expect(code, page).not.toMatch(/acknowledgeAiIsms: true/);
      expect(text, page).toMatch(/`acknowledgeAiIsms: true` is the contract-level escape/);
    }
  });

  it("package.json names llms.txt and llms-full.txt by path and ships them with the skill", () => {
    expect(pkg.llms).toBe("./llms.txt");
    expect(pkg.llmsFull).toBe("./llms-full.txt");
    expect(pkg.files).toEqual(expect.arrayContaining(["skills", "llms.txt", "llms-full.txt"]));
  });

  it("llms.txt and llms-full.txt are what scripts/write-llms.mjs writes from docs/", () => {
    const script = fileURLToPath(new URL("scripts/write-llms.mjs", root));
    const check = spawnSync(process.execPath, [script, "--check"], { encoding: "utf8" });
    expect(check.stderr).toBe("");
    expect(check.status).toBe(0);
    expect(read("llms-full.txt")).toContain(
      read("docs/errors.md").split("\n").slice(10, 20).join("\n"),
    );
  });

  it("every link of llms.txt and llms-full.txt into the repository names a file that exists", () => {
    const text = `${read("llms.txt")}\n${read("llms-full.txt")}`;
    const paths = [
      ...[...text.matchAll(new RegExp(`${REPO}/(?:blob|tree)/main/([^)#\\s]+)`, "g"))],
      ...[...text.matchAll(new RegExp(`${RAW}/main/([^)#\\s]+)`, "g"))],
    ].map((match) => match[1]!);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of new Set(paths)) expect(existsSync(new URL(path, root)), path).toBe(true);
    // No relative link survives: outside the repository it would go nowhere.
    expect(read("llms-full.txt")).not.toMatch(/\]\((?!https?:|#|mailto:)[^)\s]+\.md/);
  });

  it("the README links the skill, llms.txt and llms-full.txt", () => {
    const readme = read("README.md");
    for (const path of ["skills/postline/SKILL.md", "llms.txt", "llms-full.txt"])
      expect(readme).toContain(`(${REPO}/blob/main/${path})`);
  });
});
