/**
 * `--allow-insecure-http` and `POSTLINE_ALLOW_INSECURE_HTTP`, and what a refused connection says.
 * `0.0.0.0` is not a loopback name to the SDK, yet on Linux a connection to it reaches a server
 * listening on 127.0.0.1: so the fake stands in for a plain-http service on another host.
 */
import { createServer } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeService, type FakeServer, startFakeServer } from "../../src/testing/index.js";
import { envWith, runPostline } from "./support/run-postline.js";

let server: FakeServer;
let apiKey: string;
let remoteURL: string;

beforeEach(async () => {
  const service = createFakeService();
  apiKey = service.defaults.apiKey;
  server = await startFakeServer(service, { port: 0 });
  remoteURL = server.url.replace("127.0.0.1", "0.0.0.0");
});
afterEach(() => server.close());

const exportArgs = ["content", "export"];

describe("postline --allow-insecure-http", () => {
  it("without it, plain http to a host that is not this machine is refused with code 2, naming the flag and the variable", async () => {
    for (const args of [exportArgs, ["mcp"]]) {
      const run = await runPostline(
        args,
        envWith({ POSTLINE_API_KEY: apiKey, POSTLINE_BASE_URL: remoteURL }),
      );
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toContain("plain http to 0.0.0.0");
      expect(run.stderr).toContain("--allow-insecure-http");
      expect(run.stderr).toContain("POSTLINE_ALLOW_INSECURE_HTTP=1");
      expect(run.stderr).not.toContain(apiKey);
    }
  });

  it("the flag, or POSTLINE_ALLOW_INSECURE_HTTP=1, lets the command send the key over plain http", async () => {
    const env = envWith({ POSTLINE_API_KEY: apiKey, POSTLINE_BASE_URL: remoteURL });
    const flagged = await runPostline([...exportArgs, "--allow-insecure-http"], env);
    expect(flagged.stderr).toBe("");
    expect(flagged.code).toBe(0);
    const ids = flagged.stdout
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids.length).toBeGreaterThan(0);
    const byEnv = await runPostline(exportArgs, { ...env, POSTLINE_ALLOW_INSECURE_HTTP: "1" });
    expect(byEnv.code).toBe(0);
    expect(byEnv.stdout).toBe(flagged.stdout);
    const off = await runPostline(exportArgs, { ...env, POSTLINE_ALLOW_INSECURE_HTTP: "0" });
    expect(off.code).toBe(2);
  });

  it("POSTLINE_ALLOW_INSECURE_HTTP with a value that is neither on nor off is refused by name", async () => {
    const run = await runPostline(
      exportArgs,
      envWith({
        POSTLINE_API_KEY: apiKey,
        POSTLINE_BASE_URL: server.url,
        POSTLINE_ALLOW_INSECURE_HTTP: "maybe",
      }),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'POSTLINE_ALLOW_INSECURE_HTTP must be 1 (or true) to allow plain http, or 0 (or false), not "maybe"',
    );
  });

  it("each command's help shows the flag and the variable", async () => {
    for (const args of [
      ["mcp", "--help"],
      ["content", "export", "--help"],
      ["fake", "--help"],
    ]) {
      const help = await runPostline(args);
      expect(help.stdout).toContain("--allow-insecure-http");
      expect(help.stdout).toContain("POSTLINE_ALLOW_INSECURE_HTTP=1");
    }
  });
});

describe("postline: a refused connection", () => {
  it("says the port refused the connection (ECONNREFUSED) and to check POSTLINE_BASE_URL", async () => {
    const port = await closedPort();
    const run = await runPostline(
      exportArgs,
      envWith({ POSTLINE_API_KEY: apiKey, POSTLINE_BASE_URL: `http://127.0.0.1:${port}` }),
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `127.0.0.1:${port} refused the connection: nothing is listening on that port (ECONNREFUSED)`,
    );
    expect(run.stderr).toContain("check POSTLINE_BASE_URL");
    expect(run.stderr).not.toContain(apiKey);
  });
});

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}
