/**
 * `@postline/sdk/testing` on a Node.js older than 22 says so at its first use, instead of failing
 * later inside msw as a connection error (`Promise.withResolvers is not a function`).
 */
import { afterEach, describe, expect, it } from "vitest";
import { createFakeService, handlers } from "../../src/testing/index.js";
import { olderNodeProblem } from "../../src/testing/tooling/serve/required-node.js";

const real = Object.getOwnPropertyDescriptor(process, "versions")!;

/** Runs the rest of the test as if on Node `node` (process.versions is configurable). */
function pretendNode(node: string) {
  Object.defineProperty(process, "versions", { ...real, value: { ...process.versions, node } });
}

afterEach(() => {
  Object.defineProperty(process, "versions", real);
});

describe("@postline/sdk/testing on an older Node.js", () => {
  it("createFakeService throws at once, naming Node.js 22 and the version it found", () => {
    pretendNode("20.20.2");
    expect(() => createFakeService()).toThrow(
      /^@postline\/sdk\/testing needs Node\.js 22 or newer, and this is Node\.js 20\.20\.2: /,
    );
  });

  it("handlers() throws the same, before loading msw", () => {
    const service = createFakeService();
    pretendNode("18.19.0");
    expect(() => handlers(service)).toThrow(
      /needs Node\.js 22 or newer, and this is Node\.js 18\.19\.0/,
    );
  });

  it("Node 22 and newer pass; Bun, Deno and runtimes without process.versions are not judged", () => {
    expect(olderNodeProblem({ node: "22.0.0" })).toBeUndefined();
    expect(olderNodeProblem({ node: "24.3.1" })).toBeUndefined();
    expect(olderNodeProblem({ node: "20.0.0", bun: "1.2.0" })).toBeUndefined();
    expect(olderNodeProblem({ node: "20.0.0", deno: "2.1.0" })).toBeUndefined();
    expect(olderNodeProblem(undefined)).toBeUndefined();
    expect(olderNodeProblem({ node: "21.7.3" })).toMatch(/needs Node\.js 22/);
  });

  it("on this Node (22 or newer) the fake is created as usual", () => {
    expect(createFakeService().defaults.channelIds.length).toBeGreaterThan(0);
  });
});
