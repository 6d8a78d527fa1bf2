/**
 * `@postline/sdk/testing` (the built package, from ESM and from CJS) imports and serves without
 * msw: a child process where resolving `msw` fails, as when it is not installed, still creates a
 * fake and serves it over HTTP; only `handlers()` needs msw, and says how to install it.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Runs `body` (a CJS script with `testing` in scope) after loading the built entry. */
function withTesting(how: "import" | "require", body: string, hideMsw: boolean) {
  const file = `${root}/dist/testing/index.${how === "import" ? "js" : "cjs"}`;
  expect(existsSync(file), `${file} exists: run npm run build first`).toBe(true);
  const script = `
    const { registerHooks, createRequire } = require("node:module");
    const seen = [];
    registerHooks({ resolve(specifier, context, next) {
      seen.push(specifier);
      if (${hideMsw} && (specifier === "msw" || specifier.startsWith("msw/"))) {
        throw Object.assign(new Error("Cannot find package 'msw'"), { code: "ERR_MODULE_NOT_FOUND" });
      }
      return next(specifier, context);
    } });
    const load = ${JSON.stringify(how)} === "import"
      ? import(${JSON.stringify(file)})
      : Promise.resolve(createRequire(${JSON.stringify(file)})(${JSON.stringify(file)}));
    load.then(async (testing) => {
      const result = await (async () => { ${body} })();
      process.stdout.write(JSON.stringify({ result, seen }));
      process.exit(0);
    });
  `;
  const output = execFileSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8" });
  return JSON.parse(output) as { result: any; seen: string[] };
}

const loadsMsw = (seen: string[]) =>
  seen.some((specifier) => specifier === "msw" || specifier.startsWith("msw/"));

describe("@postline/sdk/testing without msw", () => {
  for (const how of ["import", "require"] as const) {
    it(`${how}: importing it resolves no msw, and startFakeServer serves with msw missing`, () => {
      const { result, seen } = withTesting(
        how,
        `
        const service = testing.createFakeService();
        const server = await testing.startFakeServer(service);
        const response = await fetch(server.url + "/api/v1/channels", {
          headers: { authorization: "Bearer " + service.defaults.apiKey },
        });
        const direct = await service.fetch(service.defaults.baseURL + "/api/v1/brand", {
          headers: { authorization: "Bearer " + service.defaults.apiKey },
        });
        await server.close();
        let refusal;
        try { testing.handlers(service); } catch (error) { refusal = error.message; }
        return { status: response.status, direct: direct.status, refusal };
        `,
        true,
      );
      expect(result.status).toBe(200);
      expect(result.direct).toBe(200);
      expect(result.refusal).toContain("npm install --save-dev msw");
      // Only handlers() asked for it.
      expect(seen.filter((specifier) => specifier === "msw")).toHaveLength(1);
    });

    it(`${how}: handlers() loads msw when it is installed, and only then`, () => {
      const before = withTesting(how, "return null;", false);
      expect(loadsMsw(before.seen)).toBe(false);
      const { result, seen } = withTesting(
        how,
        "return testing.handlers(testing.createFakeService()).length;",
        false,
      );
      expect(result).toBe(3);
      expect(loadsMsw(seen)).toBe(true);
    });
  }
});

describe("@postline/sdk/testing under the browser condition", () => {
  it("is a build that imports msw statically and never asks Node for require", async () => {
    const { readFileSync } = await import("node:fs");
    const pkg = JSON.parse(readFileSync(`${root}/package.json`, "utf8"));
    expect(pkg.exports["./testing"].browser.default).toBe("./dist/testing/index.browser.js");
    const code = readFileSync(`${root}/dist/testing/index.browser.js`, "utf8");
    expect(code).toMatch(/^import \* as msw from ['"]msw['"];?$/m);
    expect(code).not.toContain("createRequire");
  });
});
