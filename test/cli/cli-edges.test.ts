/**
 * The command's answers at the edges a newcomer meets first, through the built command: a busy
 * port, a missing seed file, `postline mcp` without a key, a base URL that is not a Postline API.
 * Each is one clear line naming what to change, never a stack trace or a page of HTML.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { envWith, runPostline } from "./support/run-postline.js";

let other: Server | undefined;
afterEach(async () => {
  other?.closeAllConnections();
  await new Promise((resolve) => (other ? other.close(resolve) : resolve(undefined)));
  other = undefined;
});

/** A server that is not Postline: every path is its HTML 404 page. */
async function notPostline(): Promise<number> {
  other = createServer((_request, response) => {
    response.writeHead(404, { "content-type": "text/html" });
    response.end("<!DOCTYPE html><html><body><h1>Not Found</h1><p>nginx</p></body></html>");
  });
  await new Promise<void>((resolve) => other?.listen(0, "127.0.0.1", resolve));
  return (other.address() as AddressInfo).port;
}

const noStack = (stderr: string) => expect(stderr).not.toMatch(/^\s+at /m);

describe("the command at its edges", () => {
  it("a busy port is one line naming the port and --port, for postline fake and postline mcp --http", async () => {
    const port = await notPostline();
    for (const args of [
      ["fake", "--port", String(port)],
      ["mcp", "--fake", "--http", "--port", String(port)],
    ]) {
      const run = await runPostline(args);
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.stderr).toContain(`port ${port}`);
      expect(run.stderr).toContain("--port");
      expect(run.stderr.trim().split("\n").at(-1)).toContain("in use");
      noStack(run.stderr);
    }
  });

  it("a missing --seed file names the file and the flag, and what is wrong", async () => {
    const run = await runPostline(["fake", "--seed", "./no-such-seed.json"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--seed ./no-such-seed.json");
    expect(run.stderr).toContain("no such file");
    expect(run.stderr).not.toContain("ENOENT");
  });

  it("postline mcp without a key says so first, with no pacing line before it", async () => {
    const run = await runPostline(["mcp"], envWith({ POSTLINE_BASE_URL: "http://127.0.0.1:9" }));
    expect(run.code).toBe(2);
    expect(run.stderr.split("\n")[0]).toContain("POSTLINE_API_KEY");
    expect(run.stderr).not.toContain("pacing");
  });

  it("a base URL that answers a 404 page says it is not a Postline API there, with the status and no HTML", async () => {
    const port = await notPostline();
    const run = await runPostline(
      ["content", "export"],
      envWith({
        POSTLINE_API_KEY: "pl_test_0123456789abcdef0123456789abcdef",
        POSTLINE_BASE_URL: `http://127.0.0.1:${port}/foo`,
      }),
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("404");
    expect(run.stderr).toContain("not a Postline API");
    expect(run.stderr).toContain("POSTLINE_BASE_URL");
    expect(run.stderr).not.toContain("<");
    expect(run.stderr).not.toContain("nginx");
  });
});
