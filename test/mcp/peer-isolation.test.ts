/**
 * Importing `@postline/sdk` or `@postline/sdk/tools` (the built package, from ESM and from CJS)
 * never loads the MCP SDK (`@modelcontextprotocol/server`); `@postline/sdk/mcp` does. A child process records
 * every module Node resolves, through `module.registerHooks`.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The specifiers resolved while `entry` is imported (ESM) or required (CJS). */
function resolvedWhileLoading(entry: string, how: "import" | "require"): string[] {
  const file = `${root}/dist/${entry}`;
  expect(existsSync(file), `${file} exists: run npm run build first`).toBe(true);
  const script = `
    const { registerHooks, createRequire } = require("node:module");
    const seen = [];
    registerHooks({ resolve(specifier, context, next) { seen.push(specifier); return next(specifier, context); } });
    const done = () => process.stdout.write(JSON.stringify(seen));
    if (${JSON.stringify(how)} === "import") import(${JSON.stringify(file)}).then(done);
    else { createRequire(${JSON.stringify(file)})(${JSON.stringify(file)}); done(); }
  `;
  const output = execFileSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8" });
  return JSON.parse(output) as string[];
}

const loadsMcpSdk = (specifiers: string[]) =>
  specifiers.some((specifier) => specifier.startsWith("@modelcontextprotocol/"));

describe("the MCP SDK is loaded only by @postline/sdk/mcp", () => {
  for (const how of ["import", "require"] as const) {
    const ext = how === "import" ? "js" : "cjs";
    it(`${how}: @postline/sdk and @postline/sdk/tools do not load it`, () => {
      const main = resolvedWhileLoading(`index.${ext}`, how);
      expect(main.some((specifier) => specifier === "zod" || specifier === "ky")).toBe(true);
      expect(loadsMcpSdk(main)).toBe(false);
      expect(loadsMcpSdk(resolvedWhileLoading(`tools/index.${ext}`, how))).toBe(false);
    });

    it(`${how}: @postline/sdk/mcp does`, () => {
      expect(loadsMcpSdk(resolvedWhileLoading(`mcp/index.${ext}`, how))).toBe(true);
    });
  }
});
