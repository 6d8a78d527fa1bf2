/**
 * The MCP Registry entry: `server.json` at the package root, judged by the registry's own schema
 * (revision 2025-12-11, kept in .ci/mcp-registry/ with where it came from), shipped in the
 * package, and agreeing with package.json and with what `postline mcp` reads.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import AjvDraft7 from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";

type Json = Record<string, any>;
const root = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");
const pkg = JSON.parse(read("package.json")) as Json;
const entry = JSON.parse(read("server.json")) as Json;
const schema = JSON.parse(read(".ci/mcp-registry/server.schema.2025-12-11.json")) as Json;

// ajv's default export is the draft-07 validator; its CJS typing needs the namespace's default.
const Ajv = ((AjvDraft7 as unknown as { default?: typeof AjvDraft7 }).default ??
  AjvDraft7) as typeof AjvDraft7;
const ajv = new Ajv({ strict: false, allErrors: true });
(addFormats as unknown as (ajv: unknown) => void)(ajv);
const validate = ajv.compile(schema);

function errorsOf(document: unknown): string[] {
  return validate(document)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
}

/** The variables the source of `postline mcp` names: its command, its client and its tracer. */
function variablesReadBy(files: readonly string[]): string[] {
  const names = files.flatMap((file) => [
    ...read(file).matchAll(/\b(POSTLINE_[A-Z_]+|OTEL_EXPORTER_OTLP_ENDPOINT)\b/g),
  ]);
  return [...new Set(names.map((match) => match[1]!))].sort();
}

const npmPackage = () => entry.packages.find((p: Json) => p.registryType === "npm") as Json;

describe("the MCP Registry entry (server.json)", () => {
  it("is valid against the registry's schema, revision 2025-12-11", () => {
    expect(entry.$schema).toBe(schema.$id);
    expect(entry.$schema).toBe(
      "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    );
    expect(errorsOf(entry)).toEqual([]);
  });

  it("judges by an unchanged copy of the registry's schema (the sha256 its README records)", () => {
    const bytes = readFileSync(new URL(".ci/mcp-registry/server.schema.2025-12-11.json", root));
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    expect(read(".ci/mcp-registry/README.md")).toContain(sha256);
  });

  it("the schema copy refuses what the registry refuses (a live check, not a pass-through)", () => {
    const latest = structuredClone(entry);
    latest.packages[0].version = "latest";
    expect(errorsOf(latest).join("\n")).toMatch(/\/packages\/0\/version/);
    const noSlash = { ...entry, name: "postline" };
    expect(errorsOf(noSlash).join("\n")).toMatch(/\/name must match pattern/);
    const long = { ...entry, description: "x".repeat(101) };
    expect(errorsOf(long).join("\n")).toMatch(/\/description must NOT have more than 100/);
  });

  it("names this package: mcpName, the npm identifier, version and repository agree", () => {
    expect(pkg.mcpName).toBe(entry.name);
    expect(entry.version).toBe(pkg.version);
    const npm = npmPackage();
    expect(npm.identifier).toBe(pkg.name);
    expect(npm.version).toBe(pkg.version);
    expect(npm.registryBaseUrl).toBe("https://registry.npmjs.org");
    const repository = String(pkg.repository.url)
      .replace(/^git\+/, "")
      .replace(/\.git$/, "");
    expect(entry.repository).toEqual({ url: repository, source: "github" });
  });

  it("starts `postline mcp` over stdio", () => {
    const npm = npmPackage();
    expect(npm.transport).toEqual({ type: "stdio" });
    expect(npm.runtimeHint).toBe("npx");
    expect(npm.packageArguments).toEqual([{ type: "positional", value: "mcp" }]);
    expect(pkg.bin).toEqual({ postline: "./dist/cli/postline.js" });
  });

  it("POSTLINE_API_KEY is required and secret; the state key and the Redis URL are secret; nothing else is", () => {
    const variables = npmPackage().environmentVariables as Json[];
    const byName = new Map(variables.map((v) => [v.name as string, v]));
    expect(byName.get("POSTLINE_API_KEY")).toMatchObject({ isRequired: true, isSecret: true });
    expect(byName.get("POSTLINE_BASE_URL")).toMatchObject({ isRequired: true });
    expect(byName.get("POSTLINE_BASE_URL")?.isSecret).toBeUndefined();
    expect(byName.get("POSTLINE_MCP_STATE_KEY")).toMatchObject({ isSecret: true });
    expect(byName.get("POSTLINE_MCP_ACKNOWLEDGMENT")?.choices).toEqual(["ask", "human", "model"]);
    const secrets = variables.filter((v) => v.isSecret).map((v) => v.name);
    expect(secrets.sort()).toEqual([
      "POSTLINE_API_KEY",
      "POSTLINE_MCP_STATE_KEY",
      "POSTLINE_REDIS_URL",
    ]);
    for (const variable of variables) expect(variable.description).toBeTruthy();
  });

  it("declares exactly the variables `postline mcp` reads", () => {
    const read = variablesReadBy([
      "src/cli/mcp-command.ts",
      "src/cli/client-from-env.ts",
      "src/cli/otlp-tracer.ts",
    ]);
    const declared = (npmPackage().environmentVariables as Json[]).map((v) => v.name).sort();
    expect(declared).toEqual(read);
  });

  it("ships in the package", () => {
    expect(pkg.files).toContain("server.json");
  });
});
