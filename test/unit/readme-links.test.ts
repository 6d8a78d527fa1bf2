/**
 * The README is read on the npm registry, where relative links go nowhere: every link into the
 * repository is an absolute URL of it, names a file that exists, and package.json points npm at
 * the same repository (repository, homepage, bugs).
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as Record<string, any>;
const readme = readFileSync(new URL("README.md", root), "utf8");
const REPO = "https://github.com/postline/postline-sdk-typescript";
const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] as string);

describe("README links and package.json metadata for the npm registry", () => {
  it("package.json names the repository, its README as homepage and its issues as bugs", () => {
    expect(pkg.repository).toEqual({ type: "git", url: `git+${REPO}.git` });
    expect(pkg.homepage).toBe(`${REPO}#readme`);
    expect(pkg.bugs).toEqual({ url: `${REPO}/issues` });
  });

  it("has no relative link (other than an in-page anchor)", () => {
    const relative = links.filter((link) => !/^https?:\/\//.test(link) && !link.startsWith("#"));
    expect(relative).toEqual([]);
  });

  it("links into the repository only to files and folders that exist on this branch", () => {
    const own = links.filter((link) => link.startsWith(`${REPO}/`));
    expect(own.length).toBeGreaterThan(10);
    for (const link of own) {
      const match =
        /^https:\/\/github\.com\/postline\/postline-sdk-typescript\/(?:blob|tree)\/main\/([^#]+)/.exec(
          link,
        );
      expect(match, `${link} is a blob or tree URL on main`).not.toBeNull();
      expect(existsSync(new URL(match![1]!, root)), `${match![1]} exists`).toBe(true);
    }
    expect(own).toContain(`${REPO}/blob/main/docs/rest.md`);
  });
});
