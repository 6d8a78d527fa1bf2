/** `postline fake --help` lists every route it serves and where the route reference lives. */
import { describe, expect, it } from "vitest";
import { REST_REFERENCE_URL } from "../../src/cli/fake-routes-help.js";
import { CONTRACT_ROUTES } from "../../src/contract/routes.js";
import { runPostline } from "./support/run-postline.js";

describe("postline fake --help", () => {
  it("prints each route with its scope, and points to docs/rest.md and the OpenAPI document", async () => {
    const help = await runPostline(["fake", "--help"]);
    expect(help.code).toBe(0);
    for (const route of CONTRACT_ROUTES) {
      expect(help.stdout).toMatch(
        new RegExp(`${route.method}\\s+/api/v1${route.pattern}\\s+${route.scope}\\s`),
      );
    }
    expect(help.stdout).toContain(REST_REFERENCE_URL);
    expect(REST_REFERENCE_URL).toMatch(/\/docs\/rest\.md$/);
    expect(help.stdout).toContain("/api/v1/openapi.json");
  });
});

describe("the help of the flags added for the fake's edges", () => {
  it("postline fake and postline mcp --help list --allow-host; fake snapshot --help lists its caps", async () => {
    const fake = await runPostline(["fake", "--help"]);
    expect(fake.stdout).toMatch(/^ {2}--allow-host NAME .*answer at this host name too/m);
    expect(fake.stdout).toContain("[--allow-host NAME]");
    const mcp = await runPostline(["mcp", "--help"]);
    expect(mcp.stdout).toMatch(/^ {2}--allow-host NAME .*with --fake --http/m);
    const snapshot = await runPostline(["fake", "snapshot", "--help"]);
    for (const flag of ["--max-pages N", "--max-items N", "--max-bytes N"]) {
      expect(snapshot.stdout).toMatch(new RegExp(`^ {2}${flag} `, "m"));
    }
  });
});
