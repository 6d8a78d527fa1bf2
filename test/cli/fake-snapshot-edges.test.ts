/**
 * `postline fake snapshot` at its edges, through the built command: members' names and emails
 * kept, the file written privately and in one step, and a server that never ends its pages.
 */
import {
  lstatSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createFakeService, type FakeServer, startFakeServer } from "../../src/testing/index.js";
import { envWith, runPostline } from "./support/run-postline.js";

const dir = mkdtempSync(join(tmpdir(), "postline-snapshot-"));
let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
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
});
