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
