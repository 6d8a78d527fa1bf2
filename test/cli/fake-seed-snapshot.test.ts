/**
 * `postline fake --seed`, `postline fake snapshot` and the control plane's flags, through the
 * built command: a snapshot of a fake serves again as the same workspace, and holds no token.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  createFakeService,
  type FakeServer,
  type FakeServiceSeed,
  startFakeServer,
} from "../../src/testing/index.js";
import { envWith, exitOf, firstLine, runPostline, startPostline } from "./support/run-postline.js";

const dir = mkdtempSync(join(tmpdir(), "postline-seed-"));
let child: ReturnType<typeof startPostline> | undefined;
let server: FakeServer | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGKILL");
    await exitOf(child);
  }
  child = undefined;
  await server?.close();
  server = undefined;
});

async function get(baseURL: string, key: string, path: string) {
  const response = await fetch(`${baseURL}/api/v1${path}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as any;
}

async function allItems(baseURL: string, key: string) {
  const items: any[] = [];
  let cursor: string | undefined;
  do {
    const page = await get(
      baseURL,
      key,
      `/content?status=all&limit=100${cursor ? `&cursor=${cursor}` : ""}`,
    );
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

const SIX_CHANNELS: NonNullable<FakeServiceSeed["workspace"]>["channels"] = [
  { id: "ch_x_acme", platform: "x", displayName: "Acme on X", handle: "@acme", isDefault: true },
  {
    id: "ch_x_olivia",
    platform: "x",
    displayName: "Olivia",
    voice: "you",
    subscriptionTier: "premium",
  },
  {
    id: "ch_linkedin_olivia",
    platform: "linkedin",
    displayName: "Olivia on LinkedIn",
    voice: "you",
    isDefault: true,
  },
  { id: "ch_medium_acme", platform: "medium", displayName: "Acme Journal", isDefault: true },
  { id: "ch_bluesky_acme", platform: "bluesky", displayName: "Acme on Bluesky", isDefault: true },
  { id: "ch_threads_acme", platform: "threads", displayName: "Acme on Threads", connected: false },
];

describe("postline fake --seed and postline fake snapshot", () => {
  it("a bad seed is refused before the server starts, with the JSON path of each problem", async () => {
    const file = join(dir, "bad.json");
    writeFileSync(
      file,
      JSON.stringify({
        now: "yesterday",
        workspace: {
          channels: [{ id: "ch_a", platform: 7 }],
          keys: [{ id: "k", userId: "u", scopes: [] }],
        },
        colour: "blue",
      }),
    );
    const run = await runPostline(["fake", "--port", "0", "--seed", file, "--json"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("4 problems");
    for (const path of [
      "$.now",
      "$.workspace.channels[0].platform",
      "$.workspace.keys[0].scopes",
      "$: Unrecognized key",
    ]) {
      expect(run.stderr).toContain(path);
    }
    const unknownChannel = join(dir, "unknown-channel.json");
    writeFileSync(
      unknownChannel,
      JSON.stringify({
        workspace: { content: [{ id: "c1", content: "x", channelId: "ch_nope" }] },
      }),
    );
    const model = await runPostline(["fake", "--port", "0", "--seed", unknownChannel]);
    expect(model.code).toBe(2);
    expect(model.stderr).toContain("ch_nope");
  });

  it("a snapshot of a fake with 300 items and 6 channels serves the same channels, brand and items, with no token, in pages + 1 request per other resource and no 429", async () => {
    const source = createFakeService({
      workspace: {
        channels: SIX_CHANNELS,
        content: Array.from({ length: 300 }, (_, index) => ({
          id: `cnt_snap_${String(index).padStart(3, "0")}`,
          channelId: SIX_CHANNELS?.[index % 5]?.id ?? null,
          content: `Snapshot post ${index}, about launch week.`,
          status: ["draft", "pending", "published"][index % 3] as string,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
          ...(index % 3 === 2
            ? { publishedAt: new Date(Date.UTC(2026, 0, 2, 0, index)).toISOString() }
            : {}),
        })),
      },
    });
    server = await startFakeServer(source, { port: 0 });
    const key = source.defaults.apiKey;
    const out = join(dir, "snapshot.json");
    const run = await runPostline(
      ["fake", "snapshot", "--out", out],
      envWith({ POSTLINE_API_KEY: key, POSTLINE_BASE_URL: server.url }),
    );
    expect(run.stderr).toContain("300 items");
    expect(run.code).toBe(0);

    const text = readFileSync(out, "utf8");
    expect(text).not.toContain(key);
    expect(text).not.toMatch(/pl_(test|live)_[0-9a-f]{8}/);
    const pages = source.requests.filter((entry) => entry.path === "/content").length;
    expect(pages).toBeLessThanOrEqual(4);
    expect(source.requests.map((entry) => `${entry.method} ${entry.path}`).sort()).toEqual(
      [
        ...Array<string>(pages).fill("GET /content"),
        "GET /brand",
        "GET /channels",
        "GET /keys",
        "GET /schedule",
        "GET /stats",
      ].sort(),
    );
    expect(source.requests.filter((entry) => entry.status === 429)).toEqual([]);

    child = startPostline(["fake", "--port", "0", "--seed", out, "--json"]);
    const details = JSON.parse(await firstLine(child)) as {
      baseURL: string;
      apiKey: string;
      keys: { id: string; token: string }[];
    };
    expect(details.keys.length).toBeGreaterThan(0);
    expect(details.keys.every((entry) => entry.token.startsWith("pl_test_"))).toBe(true);
    const copyKey = details.apiKey;
    expect(copyKey).not.toBe(key);
    for (const path of ["/channels", "/brand"]) {
      expect(await get(details.baseURL, copyKey, path)).toEqual(await get(server.url, key, path));
    }
    const shape = (items: any[]) =>
      items
        .map(({ id, content, status, channelId, createdAt, publishedAt }) => ({
          id,
          content,
          status,
          channelId,
          createdAt,
          publishedAt,
        }))
        .sort((a, b) => a.id.localeCompare(b.id));
    const copied = await allItems(details.baseURL, copyKey);
    expect(copied).toHaveLength(300);
    expect(shape(copied)).toEqual(shape(await allItems(server.url, key)));
  });

  it("--redact-text keeps each item's length and spaces, not its words", async () => {
    const source = createFakeService();
    server = await startFakeServer(source, { port: 0 });
    const out = join(dir, "redacted.json");
    const run = await runPostline(
      ["fake", "snapshot", "--out", out, "--redact-text"],
      envWith({ POSTLINE_API_KEY: source.defaults.apiKey, POSTLINE_BASE_URL: server.url }),
    );
    expect(run.code).toBe(0);
    const seed = JSON.parse(readFileSync(out, "utf8"));
    const [first] = seed.workspace.content;
    const original = source.item(first.id)?.content as string;
    expect(first.content).toHaveLength(original.length);
    expect(first.content).toMatch(/^[x\s]+$/);
  });

  it("--control-token guards the control routes; --no-control turns them off", async () => {
    const token = "a-control-token-of-32-characters";
    child = startPostline(
      ["fake", "--port", "0", "--json"],
      envWith({ POSTLINE_FAKE_CONTROL_TOKEN: token }),
    );
    const { baseURL } = JSON.parse(await firstLine(child)) as { baseURL: string };
    const move = (authorization?: string) =>
      fetch(`${baseURL}/fake/clock`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify({ advance: 1000 }),
      });
    expect((await move()).status).toBe(401);
    expect((await move("Bearer not-the-token-at-all-xxxxxx")).status).toBe(401);
    expect((await move(`Bearer ${token}`)).status).toBe(200);
    child.kill("SIGINT");
    await exitOf(child);

    child = startPostline(["fake", "--port", "0", "--json", "--no-control"]);
    const off = JSON.parse(await firstLine(child)) as { baseURL: string; controlURL: unknown };
    expect(off.controlURL).toBeNull();
    const refused = await fetch(`${off.baseURL}/fake/reset`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(404);
    expect((await fetch(`${off.baseURL}/fake/requests`)).status).toBe(200);
  });
});
