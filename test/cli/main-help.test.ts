/**
 * `postline --help` is written from each command's own flag table: every flag a command parses is
 * listed under it, and a flag added to a table shows with no edit to the help.
 */
import { describe, expect, it } from "vitest";
import { type CommandSpec, flagSynopsis, usageLine } from "../../src/cli/command-spec.js";
import { CONTENT_EXPORT_COMMAND } from "../../src/cli/content-export-command.js";
import { FAKE_COMMAND } from "../../src/cli/fake-command.js";
import { FAKE_SNAPSHOT_COMMAND } from "../../src/cli/fake-snapshot-command.js";
import { mainHelp } from "../../src/cli/main-help.js";
import { MCP_COMMAND } from "../../src/cli/mcp-command.js";
import { runPostline } from "./support/run-postline.js";

describe("postline --help", () => {
  it("lists mcp with each of its flags: --http, --port, --preview, --acknowledgment, and the rest", async () => {
    const { code, stdout } = await runPostline(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain(
      [
        "  mcp             serve the agent tools over MCP, on stdio or Streamable HTTP (--http)",
        "                  [--read-only] [--tools a,b] [--max-wait ms] [--acknowledgment ask|human|model]",
        "                  [--fake] [--log] [--http] [--port N] [--preview] [--open] [--allow-host NAME]",
        "                  [--redis URL] [--allow-insecure-http]",
      ].join("\n"),
    );
    expect(stdout).not.toMatch(/stdio-only|over MCP on stdio\n/);
  });

  it("names every flag each command parses, and every line fits in 100 columns", async () => {
    const { stdout } = await runPostline(["--help"]);
    for (const spec of [FAKE_COMMAND, FAKE_SNAPSHOT_COMMAND, MCP_COMMAND, CONTENT_EXPORT_COMMAND]) {
      const section = stdout.slice(stdout.indexOf(`  ${spec.name} `));
      for (const name of Object.keys(spec.flags).filter((flag) => flag !== "help"))
        expect(section, `${spec.name} --${name}`).toMatch(new RegExp(`(\\[| )--${name}[ \\]\n]`));
    }
    for (const line of stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(100);
  });

  it("a flag or a subcommand added to a table shows with no edit to the help", () => {
    const fake: CommandSpec = {
      ...FAKE_COMMAND,
      flags: {
        ...FAKE_COMMAND.flags,
        tape: { type: "string", value: "FILE" },
        "journal-token": { type: "string" },
        "no-journal": { type: "boolean" },
      },
    };
    const snapshot: CommandSpec = {
      name: "fake dump",
      summary: "print the fake's state",
      flags: { url: { type: "string" } },
    };
    const help = mainHelp([fake, snapshot, MCP_COMMAND]);
    expect(help).toMatch(/\[--tape FILE\]\s+\[--journal-token JOURNAL-TOKEN\]\s+\[--no-journal\]/);
    expect(help).toMatch(/\n {2}fake dump +print the fake's state\n/);
    expect(help).toContain("[--url URL]");
    expect(usageLine(fake)).toContain("[--no-journal]");
  });

  it("each command's usage line is its own table too", async () => {
    const { stdout } = await runPostline(["mcp", "--help"]);
    expect(stdout.startsWith(usageLine(MCP_COMMAND))).toBe(true);
    expect(flagSynopsis(MCP_COMMAND.flags)).not.toContain("[--help]");
  });

  it("a flag the command cannot run without is shown without brackets", async () => {
    const { stdout } = await runPostline(["fake", "snapshot", "--help"]);
    expect(stdout.split("\n")[0]).toBe(
      "Usage: postline fake snapshot --out FILE [--redact-text] [--max-pages N] [--max-items N]",
    );
    const refused = await runPostline(["fake", "snapshot"]);
    expect(refused.stderr).toContain("--out FILE is required");
  });
});
