import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createFakeService,
  type FakeServer,
  type FakeService,
  startFakeServer,
} from "../../src/testing/index.js";
import { envWith, exitOf, runPostline, startPostline } from "./support/run-postline.js";

let service: FakeService;
let server: FakeServer;
let env: NodeJS.ProcessEnv;

beforeEach(async () => {
  service = createFakeService();
  const [channelId] = service.defaults.channelIds;
  for (let index = 0; index < 230; index++) {
    service.workspace().addItem({
      id: `cnt_export_${index}`,
      channelId: channelId ?? "",
      content: `Exported post ${index}`,
      status: index % 3 === 0 ? "pending" : "draft",
    });
  }
  server = await startFakeServer(service, { port: 0 });
  env = envWith({ POSTLINE_API_KEY: service.defaults.apiKey, POSTLINE_BASE_URL: server.url });
});
afterEach(() => server.close());

function apiItems(filter: (item: Record<string, unknown>) => boolean = () => true) {
  return service.workspace().items().filter(filter);
}

describe("postline content export", () => {
  it("a live key sent to the local fake: the 401 names POSTLINE_API_KEY and says the fake knows only its test keys", async () => {
    const live = envWith({
      POSTLINE_API_KEY: "pl_live_notthefakes1234abcd",
      POSTLINE_BASE_URL: server.url,
    });
    const run = await runPostline(["content", "export"], live);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("The key came from POSTLINE_API_KEY");
    expect(run.stderr).toMatch(
      /A live key was sent to 127\.0\.0\.1:\d+ on this machine, such as a local fake/,
    );
    expect(run.stderr).not.toContain("notthefakes1234");
  });

  it("writes every item as one JSON line, newest first, with nothing on a non-terminal stderr", async () => {
    const run = await runPostline(["content", "export"], env);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const lines = run.stdout.trimEnd().split("\n");
    const items = lines.map((line) => JSON.parse(line) as { id: string; createdAt: string });
    expect(items).toHaveLength(apiItems().length);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    const pages = service.requests.filter((request) => request.path === "/content");
    expect(pages).toHaveLength(Math.ceil(items.length / 100));
  });

  it("--status and --channel filter as the list does", async () => {
    const [, secondChannel] = service.defaults.channelIds;
    const pending = await runPostline(["content", "export", "--status", "pending"], env);
    const statuses = pending.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line).status);
    expect(statuses).toHaveLength(apiItems((item) => item.status === "pending").length);
    expect(new Set(statuses)).toEqual(new Set(["pending"]));
    const onChannel = await runPostline(
      ["content", "export", "--channel", secondChannel ?? ""],
      env,
    );
    const channelIds = onChannel.stdout
      .trimEnd()
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line).channelId);
    expect(channelIds).toHaveLength(apiItems((item) => item.channelId === secondChannel).length);
    expect(channelIds.every((id) => id === secondChannel)).toBe(true);
  });

  it("stops cleanly when the reader closes the pipe", async () => {
    service.faults.inject({
      method: "GET",
      path: "/content",
      kind: "delay",
      ms: 300,
      always: true,
    });
    const child = startPostline(["content", "export"], env);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    child.stdout.destroy(); // what `| head -1` does once it has its line
    expect(await exitOf(child)).toBe(0);
    expect(stderr).toBe("");
    const pages = service.requests.filter((request) => request.path === "/content");
    expect(pages.length).toBeLessThan(3);
  });

  it("stops cleanly on Ctrl-C", async () => {
    service.faults.inject({
      method: "GET",
      path: "/content",
      kind: "delay",
      ms: 5_000,
      always: true,
    });
    const child = startPostline(["content", "export"], env);
    while (!service.requests.some((request) => request.path === "/content"))
      await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill("SIGINT");
    const started = Date.now();
    expect(await exitOf(child)).toBe(0);
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});
