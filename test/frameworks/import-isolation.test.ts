import { execFile } from "node:child_process";
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
