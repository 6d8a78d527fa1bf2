import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envWith, runPostline } from "./support/run-postline.js";

const { version } = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
) as { version: string };

describe("postline: help, version and bad usage", () => {
  it("--version prints the package's version", async () => {
    const run = await runPostline(["--version"]);
    expect(run).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it("--help lists the commands; each command has its own help", async () => {
    const main = await runPostline(["--help"]);
    expect(main.code).toBe(0);
    for (const command of ["fake", "mcp", "content export"]) expect(main.stdout).toContain(command);
    for (const [args, words] of [
      [["fake", "--help"], "--port"],
      [["mcp", "--help"], "--max-wait"],
      [["content", "export", "--help"], "--status"],
    ] as const) {
      const help = await runPostline([...args]);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(words);
    }
  });

  it("a bad flag, a bad value or an unknown command exits with code 2 and says what is wrong", async () => {
    const cases: [string[], string][] = [
      [["fake", "--prot", "8080"], "--prot"],
      [["fake", "--port", "eighty"], "--port"],
      [["mcp", "--fake", "--tools", "list_content,post_now"], '"post_now"'],
      [["mcp", "--fake", "--read-only", "--tools", "update_content"], "update_content"],
      [["mcp", "--fake", "--max-wait", "45s"], "--max-wait must be a whole number of milliseconds"],
      [["mcp", "--fake", "--port", "8080"], "--port needs --http"],
      [["mcp", "--log"], "--log needs --fake"],
      [
        ["mcp", "--fake", "--redis", "http://127.0.0.1:6379"],
        "--redis must be a redis:// or rediss:// URL",
      ],
      [["mcp", "--fake", "--acknowledgment", "sometimes"], "--acknowledgment must be ask, human"],
      [["mcp", "--fake", "--http", "--port", "eighty"], "--port"],
      [["content", "export", "--status", "archived"], "--status"],
      [["content", "import"], "content import"],
      [["publish"], '"publish"'],
      [[], "Usage: postline"],
    ];
    for (const [args, named] of cases) {
      const run = await runPostline(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr, args.join(" ")).toContain(named);
      expect(run.stdout, args.join(" ")).toBe("");
    }
  });

  it("--preview without --fake and --http, or without the card's tools, and --open without --preview exit with code 2", async () => {
    const cases: [string[], string][] = [
      [["mcp", "--fake", "--preview"], "--preview needs --fake and --http"],
      [["mcp", "--http", "--preview"], "--preview needs --fake and --http"],
      [["mcp", "--fake", "--http", "--preview", "--read-only"], "--preview shows the review card"],
      [["mcp", "--fake", "--http", "--open"], "--open needs --preview"],
    ];
    for (const [args, named] of cases) {
      const run = await runPostline(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr, args.join(" ")).toContain(named);
      expect(run.stdout, args.join(" ")).toBe("");
    }
  });

  it("POSTLINE_MAX_WAIT_MS that is not a number of milliseconds is refused, naming it", async () => {
    const run = await runPostline(["mcp", "--fake"], envWith({ POSTLINE_MAX_WAIT_MS: "soon" }));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("POSTLINE_MAX_WAIT_MS must be a whole number of milliseconds");
  });

  it("POSTLINE_MCP_ACKNOWLEDGMENT or a POSTLINE_MCP_STATE_KEY under 32 bytes is refused, naming it", async () => {
    for (const [env, named] of [
      [{ POSTLINE_MCP_ACKNOWLEDGMENT: "never" }, "POSTLINE_MCP_ACKNOWLEDGMENT must be"],
      [{ POSTLINE_MCP_STATE_KEY: "short" }, "POSTLINE_MCP_STATE_KEY must be at least 32 bytes"],
    ] as const) {
      const run = await runPostline(["mcp", "--fake"], envWith(env));
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(named);
    }
  });

  it("a missing key names POSTLINE_API_KEY", async () => {
    for (const args of [["mcp"], ["content", "export"]]) {
      const run = await runPostline(args, envWith({ POSTLINE_BASE_URL: "http://127.0.0.1:9" }));
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("POSTLINE_API_KEY");
    }
  });
});
