/**
 * The fake's source (and the contract data and OpenAPI generator beside it) keeps two shapes:
 * private state is a `#` field, never the `private` keyword (it is private at run time too), and
 * no parameter is a bare boolean: a call says what it asks for (`{ mcp: true }`,
 * `disconnectChannel(id)`). The one kept is `setChannelConnected`, released in 0.1.0 and deprecated.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const FOLDERS = ["src/testing", "src/contract", "src/openapi"];

function sources(): { path: string; text: string }[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(`${root}${folder}`, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".ts"))
      .map((name) => {
        const path = `${folder}/${name}`;
        return { path, text: readFileSync(`${root}${path}`, "utf8") };
      }),
  );
}

/** Each line of code (comments dropped) matching `pattern`, as `path:line`. */
function linesMatching(pattern: RegExp): string[] {
  return sources().flatMap(({ path, text }) =>
    text.split("\n").flatMap((line, index) => {
      const code = line.replace(/\/\/.*$/, "");
      return /^\s*(\*|\/\*)/.test(code) || !pattern.test(code) ? [] : [`${path}:${index + 1}`];
    }),
  );
}

describe("the fake's source shape", () => {
  it("has no `private` or `protected` member: private state is a `#` field", () => {
    expect(linesMatching(/^\s*(private|protected)\s/)).toEqual([]);
    expect(linesMatching(/\(\s*(private|protected)\s|,\s*(private|protected)\s/)).toEqual([]);
  });

  it("has no positional boolean parameter but the deprecated setChannelConnected", () => {
    // `name: boolean` (or `boolean | undefined`) directly in a parameter list.
    const flags = linesMatching(
      /[(,]\s*\w+\??:\s*boolean\b(?![^(]*=>)|^\s+\w+\??:\s*boolean( \| undefined)?,$/,
    );
    expect(flags).toEqual([expect.stringMatching(/controls\/workspace-handle\.ts:\d+$/)]);
  });
});
