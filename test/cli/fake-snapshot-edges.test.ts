/**
 * `postline fake snapshot` at its edges, through the built command: members' names and emails
 * kept, the file written privately and in one step, and a server that never ends its pages.
 */

import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createFakeService, type FakeServer, startFakeServer } from "../../src/testing/index.js";
import { envWith, runPostline } from "./support/run-postline.js";

const dir = mkdtempSync(join(tmpdir(), "postline-snapshot-"));
let server: FakeServer | undefined;
let hostile: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  hostile?.closeAllConnections();
  await new Promise((resolve) => (hostile ? hostile.close(resolve) : resolve(undefined)));
  hostile = undefined;
});

async function snapshotOfFake(out: string, ...flags: string[]) {
  const source = createFakeService();
  server = await startFakeServer(source, { port: 0 });
  const run = await runPostline(
    ["fake", "snapshot", "--out", out, ...flags],
    envWith({ POSTLINE_API_KEY: source.defaults.apiKey, POSTLINE_BASE_URL: server.url }),
  );
  return { source, run };
}

describe("postline fake snapshot", () => {
  it("keeps members' names and emails when the keys are read first, and says 1 key", async () => {
    const out = join(dir, "members.json");
    const { source, run } = await snapshotOfFake(out);
    expect(run.code).toBe(0);
    const seed = JSON.parse(readFileSync(out, "utf8"));
    const authors = new Map(
      source
        .workspace()
        .items()
        .map((item: any) => [item.createdBy.userId, item.createdBy] as const),
    );
    expect(authors.size).toBeGreaterThan(0);
    for (const [userId, createdBy] of authors) {
      const member = seed.workspace.members.find((entry: any) => entry.userId === userId);
      expect(member, userId).toMatchObject({ fullName: createdBy.fullName });
      expect(member.email, userId).toMatch(/@/);
      expect(member.email).not.toBe(`${userId}@example.test`);
    }
    const keys = seed.workspace.keys.length;
    expect(run.stderr).toContain(keys === 1 ? "1 key (" : `${keys} keys (`);
    expect(run.stderr).not.toMatch(/\b1 keys\b/);

    const copy = createFakeService(JSON.parse(readFileSync(out, "utf8")));
    const [member] = seed.workspace.members;
    expect(copy.signIn({ email: member.email }).userId).toBe(member.userId);
  });

  it("writes a new file with mode 0600 over an existing 0644 one, and replaces a symlink rather than following it", async () => {
    const out = join(dir, "existing.json");
    writeFileSync(out, "{}\n", { mode: 0o644 });
    expect(statSync(out).mode & 0o777).toBe(0o644);
    expect((await snapshotOfFake(out)).run.code).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    await server?.close();
    server = undefined;

    const target = join(dir, "target.txt");
    writeFileSync(target, "not a seed\n", { mode: 0o644 });
    const link = join(dir, "linked.json");
    symlinkSync(target, link);
    expect((await snapshotOfFake(link)).run.code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(false);
    expect(statSync(link).mode & 0o777).toBe(0o600);
    expect(readFileSync(target, "utf8")).toBe("not a seed\n");
  });

  it("stops a server that never ends its pages at --max-pages or --max-bytes, naming the flag, and writes nothing", async () => {
    const source = createFakeService();
    server = await startFakeServer(source, { port: 0 });
    const upstream = server.url;
    const key = source.defaults.apiKey;
    const page = (await (
      await fetch(`${upstream}/api/v1/content?limit=1`, {
        headers: { authorization: `Bearer ${key}` },
      })
    ).json()) as { items: unknown[] };
    let served = 0;
    hostile = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://hostile.invalid");
      if (url.pathname === "/api/v1/content") {
        served += 1;
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ items: page.items, nextCursor: `more_${served}` }));
        return;
      }
      fetch(`${upstream}${request.url}`, { headers: { authorization: `Bearer ${key}` } })
        .then(async (answer) => {
          response.writeHead(answer.status, { "content-type": "application/json" });
          response.end(await answer.text());
        })
        .catch(() => response.destroy());
    });
    await new Promise<void>((resolve) => hostile?.listen(0, "127.0.0.1", resolve));
    const address = hostile.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const env = envWith({ POSTLINE_API_KEY: key, POSTLINE_BASE_URL: base });

    const out = join(dir, "endless.json");
    const byPages = await runPostline(["fake", "snapshot", "--out", out, "--max-pages", "3"], env);
    expect(byPages.code).toBe(1);
    expect(byPages.stderr).toContain("--max-pages 3");
    expect(served).toBe(4);
    expect(existsSync(out)).toBe(false);

    const byBytes = await runPostline(
      ["fake", "snapshot", "--out", out, "--max-bytes", "100"],
      env,
    );
    expect(byBytes.code).toBe(1);
    expect(byBytes.stderr).toContain("--max-bytes 100");
    expect(existsSync(out)).toBe(false);

    const bad = await runPostline(["fake", "snapshot", "--out", out, "--max-items", "0"], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--max-items");
  });
});
