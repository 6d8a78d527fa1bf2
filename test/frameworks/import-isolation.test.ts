import { execFile, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

// The package folders of the frameworks and of what they bring with them, and OpenTelemetry's: the
// SDK calls the tracer and meter it is given, and loads none of their packages.
const FRAMEWORK_PACKAGES =
  /\/node_modules\/(ai|@ai-sdk\/[^/]+|@openai\/[^/]+|@langchain\/[^/]+|langsmith|openai|@anthropic-ai\/[^/]+|@opentelemetry\/[^/]+)\//;

/** The framework packages a fresh Node process loads when it imports `entry`. */
async function frameworksLoadedBy(entry: string): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    [
      "--import",
      "tsx",
      "--import",
      "./test/frameworks/support/record-loaded-modules.mjs",
      "--input-type=module",
      "-e",
      `await import(${JSON.stringify(entry)});`,
    ],
    { cwd: process.cwd() },
  );
  return packagesIn(stdout);
}

/** The framework packages in the module list `record-loaded-modules.mjs` printed last. */
function packagesIn(stdout: string): string[] {
  const loaded = JSON.parse(stdout.trim().split("\n").at(-1)!) as string[];
  const packages = loaded.flatMap((url) => url.match(FRAMEWORK_PACKAGES)?.[1] ?? []);
  return [...new Set(packages)].sort();
}

describe("the main entry and the tools load no framework", () => {
  it("importing @postline/sdk loads none of the frameworks", async () => {
    expect(await frameworksLoadedBy("./src/index.ts")).toEqual([]);
  });

  it("importing @postline/sdk/tools loads none of the frameworks", async () => {
    expect(await frameworksLoadedBy("./src/tools/index.ts")).toEqual([]);
  });

  it("the check sees a framework when one loads: @postline/sdk/ai-sdk loads ai", async () => {
    expect(await frameworksLoadedBy("./src/frameworks/ai-sdk.ts")).toContain("ai");
  });
});

describe("OpenTelemetry loads only when an OTLP endpoint is set", () => {
  it("importing @postline/sdk/mcp loads none of the frameworks, OpenTelemetry included", async () => {
    expect(await frameworksLoadedBy("./src/mcp/index.ts")).toEqual([]);
  });

  /** The framework packages the built `postline mcp --fake` loads before its stdin ends. */
  function loadedByPostlineMcp(env: Record<string, string>): string[] {
    const cli = "dist/cli/postline.js";
    expect(existsSync(cli), `${cli} exists: run npm run build first`).toBe(true);
    const { stdout } = spawnSync(
      process.execPath,
      ["--import", "./test/frameworks/support/record-loaded-modules.mjs", cli, "mcp", "--fake"],
      { cwd: process.cwd(), input: "", encoding: "utf8", env: { ...process.env, ...env } },
    );
    return packagesIn(stdout);
  }

  it("the built postline mcp loads no @opentelemetry package without OTEL_EXPORTER_OTLP_ENDPOINT", () => {
    expect(
      loadedByPostlineMcp({
        OTEL_EXPORTER_OTLP_ENDPOINT: "",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "",
      }),
    ).toEqual([]);
  });

  it("the check sees them when the variable is set", () => {
    const loaded = loadedByPostlineMcp({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9" });
    expect(loaded).toEqual(
      expect.arrayContaining([
        "@opentelemetry/exporter-trace-otlp-http",
        "@opentelemetry/sdk-trace",
      ]),
    );
  });
});
