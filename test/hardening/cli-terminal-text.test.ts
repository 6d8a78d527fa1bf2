/**
 * `postline` prints text that came from the network: the service's error messages, the items it
 * exports. A hostile service must not be able to clear the screen, set the window title, or print
 * a fake line: control characters are escaped in everything the CLI writes.
 */
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { createFakeService, startFakeServer } from "../../src/testing/index.js";
import {
  HOSTILE_TOKEN,
  type HostileServer,
  startHostileServer,
} from "../support/hostile-server.js";

/** A captured stream, as `CliIO` takes it. */
function capture() {
  let text = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

// ESC sequences (clear screen, window title), BEL, CR, a fake line, C1 CSI, DEL, a bidi override.
const HOSTILE_TEXT =
  "\u001b[2J\u001b[H\u001b]0;pwned\u0007bad\r\npostline: export complete (0 errors)\u009b31m\u007f\u202egnp.exe";
// Every C0 control but the line feed the CLI ends its own lines with, DEL, C1 and bidi controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: what must never be printed
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function exportFrom(handle: Parameters<typeof startHostileServer>[0]) {
  server = await startHostileServer(handle);
  const stdout = capture();
  const stderr = capture();
  const env = { POSTLINE_API_KEY: HOSTILE_TOKEN, POSTLINE_BASE_URL: server.baseURL };
  const code = await runCli(["content", "export"], {
    stdout: stdout.stream,
    stderr: stderr.stream,
    env,
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

describe("postline prints no control characters from the network", () => {
  it("an error message full of escape sequences is printed escaped, on one line", async () => {
    const run = await exportFrom((_request, response) => {
      response.writeHead(403, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { code: "forbidden", message: HOSTILE_TEXT } }));
    });
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(CONTROL);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("pwned");
    expect(run.stderr).toContain("\\u001b");
  });

  it("exported items keep their text as JSON, with C1, DEL and bidi controls escaped", async () => {
    const service = createFakeService();
    const [channelId] = service.defaults.channelIds;
    service.workspace().addItem({
      id: "cnt_hostile",
      channelId: channelId ?? "",
      content: HOSTILE_TEXT,
      status: "draft",
    });
    const fake = await startFakeServer(service, { port: 0 });
    try {
      const stdout = capture();
      const stderr = capture();
      const env = { POSTLINE_API_KEY: service.defaults.apiKey, POSTLINE_BASE_URL: fake.url };
      const code = await runCli(["content", "export"], {
        stdout: stdout.stream,
        stderr: stderr.stream,
        env,
      });
      expect(stderr.text()).toBe("");
      expect(code).toBe(0);
      expect(stdout.text()).not.toMatch(CONTROL);
      const items = stdout
        .text()
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line) as { id: string; content: string });
      expect(items.find((item) => item.id === "cnt_hostile")?.content).toBe(HOSTILE_TEXT);
    } finally {
      await fake.close();
    }
  });
});
