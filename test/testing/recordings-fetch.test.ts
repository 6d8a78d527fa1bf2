/**
 * `recordingFetch`, `replayFetch` and `checkRecording` from `@postline/sdk/testing`: record once
 * against a service, replay on every run, and check the fake against the recording.
 */
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NotFoundError, Postline } from "../../src/index.js";
import {
  checkRecording,
  createFakeService,
  recordingFetch,
  replayFetch,
} from "../../src/testing/index.js";

const dir = mkdtempSync(join(tmpdir(), "postline-recording-fetch-"));

async function agentRun(client: Postline) {
  const channels = await client.channels.list();
  const draft = await client.content.createDraft({
    body: "Launch day notes.",
    channelId: "ch_x_acme",
  });
  const missing = await client.content.get("cnt_missing").catch((error: unknown) => error);
  return { channels: channels.length, draft: draft?.content, missing };
}

describe("recordingFetch, replayFetch, checkRecording", () => {
  const out = join(dir, "agent.json");

  it("records a client's exchanges, scrubbed, at mode 0600", async () => {
    const service = createFakeService();
    const { apiKey, baseURL } = service.defaults;
    const client = new Postline({
      apiKey,
      baseURL,
      fetch: recordingFetch({ out, fetch: service.fetch }),
    });
    const run = await agentRun(client);
    expect(run.missing).toBeInstanceOf(NotFoundError);
    const text = readFileSync(out, "utf8");
    expect(text).not.toContain(apiKey);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const recording = JSON.parse(text);
    expect(recording.target).toBe(baseURL);
    expect(recording.exchanges.map((e: any) => e.response.status)).toEqual([200, 201, 404]);
  });

  it("replays them to a client with any key, and refuses what was not recorded", async () => {
    const client = new Postline({
      apiKey: "pl_test_replayed",
      baseURL: "https://api.postline.test",
      fetch: replayFetch(out),
      maxRetries: 0,
    });
    const run = await agentRun(client);
    expect(run.channels).toBeGreaterThan(0);
    expect(run.draft).toBe("Launch day notes.");
    expect(run.missing).toBeInstanceOf(NotFoundError);
    const answer = await replayFetch(out)("https://api.postline.test/api/v1/brand");
    expect(answer.status).toBe(501);
    expect((await answer.json()).error.code).toBe("not_recorded");
  });

  it("checkRecording reports every exchange agreeing with the fake", async () => {
    expect(await checkRecording(out)).toEqual({ exchanges: 3, agree: 3, differences: [] });
  });

  it("checkRecording names a difference", async () => {
    const recording = JSON.parse(readFileSync(out, "utf8"));
    recording.exchanges[1].response.body.items[0].flagged = true;
    const report = await checkRecording(recording);
    expect(report.agree).toBe(2);
    expect(report.differences).toEqual([
      {
        exchange: 2,
        method: "POST",
        path: "/api/v1/content",
        problems: ["body.items[0].flagged true recorded, false from the fake"],
      },
    ]);
  });

  it("replayFetch refuses a value that is not a recording, naming the parameter", () => {
    expect(() => replayFetch({ exchanges: [] } as never)).toThrow(/`recording` is not a recording/);
  });
});
