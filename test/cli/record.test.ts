/**
 * `postline record`, `postline fake --replay` and `postline fake check`, through the built
 * command: `postline fake` stands in for the live service, with faults injected through its
 * control plane where the live service must differ from the fake.
 */
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { envWith, exitOf, firstLine, runPostline, startPostline } from "./support/run-postline.js";

const dir = mkdtempSync(join(tmpdir(), "postline-record-"));
const children: ChildProcessWithoutNullStreams[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exitOf(child);
    }
  }
});

function started(args: string[], env = envWith()): ChildProcessWithoutNullStreams {
  const child = startPostline(args, env);
  children.push(child);
  return child;
}

/** `postline fake --json`: the live service of these tests. */
async function liveService(): Promise<{ url: string; key: string }> {
  const child = started(["fake", "--json"]);
  const details = JSON.parse(await firstLine(child)) as { baseURL: string; apiKey: string };
  return { url: details.baseURL, key: details.apiKey };
}

/** `postline record` in front of `target`; resolves with the child and the proxy's URL. */
async function recorder(out: string, target: string, extra: string[] = [], env = envWith()) {
  const child = started(["record", "--out", out, "--to", target, ...extra], env);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const line = await firstLine(child);
  const url = /listening on (\S+)/.exec(line)?.[1] as string;
  return { child, url, stderr: () => stderr };
}

async function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  child.kill("SIGINT");
  return exitOf(child);
}

interface SessionAnswer {
  method: string;
  path: string;
  status: number;
  body: any;
}

/** Sends one request to `base` with `key`. */
async function send(
  base: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<SessionAnswer> {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { method, path, status: response.status, body: text === "" ? null : JSON.parse(text) };
}

// Over the free X tier's cap (flagged) and full of AI-isms (the 409 on approval).
const FLAGGED_DRAFT = `In today's fast-paced world, we delve into the rich tapestry of launches. ${"More words. ".repeat(30)}`;

/** The session of the issue: channels, a flagged draft refused then acknowledged, a key, a 404, a page. */
async function session(base: string, key: string): Promise<SessionAnswer[]> {
  const answers: SessionAnswer[] = [];
  const step = async (method: string, path: string, body?: unknown) => {
    const answer = await send(base, key, method, path, body);
    answers.push(answer);
    return answer;
  };
  await step("GET", "/channels");
  const draft = await step("POST", "/content", { body: FLAGGED_DRAFT, channelId: "ch_x_acme" });
  const id = draft.body.items[0].id as string;
  await step("PATCH", `/content/${id}`, { status: "pending" });
  await step("PATCH", `/content/${id}`, { status: "pending", acknowledgeAiIsms: true });
  await step("POST", "/keys", { name: "ci reader", scopes: ["read"] });
  await step("GET", "/content/cnt_missing");
  await step("GET", "/content?limit=2");
  return answers;
}

const MEMBER_EMAILS = ["olivia@acme.test", "adam@acme.test", "mia@acme.test", "leo@acme.test"];

describe("postline record, postline fake --replay, postline fake check", () => {
  let live: { url: string; key: string };
  let recording: string;
  let answers: SessionAnswer[];

  beforeAll(async () => {
    live = await liveService();
    recording = join(dir, "session.json");
    const proxy = await recorder(recording, live.url);
    answers = await session(proxy.url, live.key);
    expect(await stop(proxy.child)).toBe(0);
  });

  it("records the session: its statuses, in order, with the flagged draft refused then acknowledged", () => {
    expect(answers.map((answer) => answer.status)).toEqual([200, 201, 409, 200, 201, 404, 200]);
    expect(answers[1]?.body.items[0].flagged).toBe(true);
    const file = JSON.parse(readFileSync(recording, "utf8"));
    expect(file.postlineRecording).toBe(1);
    expect(file.target).toBe(live.url);
    expect(file.exchanges.map((exchange: any) => exchange.response.status)).toEqual(
      answers.map((answer) => answer.status),
    );
    expect(file.exchanges.map((e: any) => `${e.request.method} ${e.request.path}`)).toEqual(
      answers.map((answer) => `${answer.method} /api/v1${answer.path.split("?")[0]}`),
    );
    expect(file.exchanges[6].request.query).toBe("limit=2");
  });

  it("the file follows the published schema, dist/recording.schema.json", () => {
    const schema = JSON.parse(
      readFileSync(new URL("../../dist/recording.schema.json", import.meta.url), "utf8"),
    );
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(
      validate(JSON.parse(readFileSync(recording, "utf8"))),
      JSON.stringify(validate.errors),
    ).toBe(true);
    expect(validate({ postlineRecording: 2, target: "x", startedAt: "now", exchanges: [{}] })).toBe(
      false,
    );
  });

  it("the file has mode 0600 and holds no key, no created token and no member's email", () => {
    expect(statSync(recording).mode & 0o777).toBe(0o600);
    const text = readFileSync(recording, "utf8");
    const created = answers[4]?.body.token as string;
    expect(created).toMatch(/^pl_test_/);
    expect(text).not.toContain(live.key);
    expect(text).not.toContain(created);
    expect(text).not.toMatch(/pl_(live|test)_/);
    for (const email of MEMBER_EMAILS) expect(text).not.toContain(email);
    expect(text).not.toMatch(/authorization/i);
    const file = JSON.parse(text);
    expect(file.exchanges[4].response.body.token).toMatch(/^pl_redacted_\d+$/);
    // One placeholder per person, wherever the person appears.
    const drafted = file.exchanges[1].response.body.items[0].createdBy.email;
    expect(drafted).toMatch(/^person-\d+@example\.invalid$/);
    expect(file.exchanges[6].response.body.items[0].createdBy.email).toBe(drafted);
  });

  it("replay answers the same requests with the recorded statuses and bodies, whatever the key", async () => {
    const replay = started(["fake", "--replay", recording, "--json"]);
    const { baseURL } = JSON.parse(await firstLine(replay)) as { baseURL: string };
    const file = JSON.parse(readFileSync(recording, "utf8"));
    const replayed = await session(baseURL, "pl_test_another_key_entirely");
    expect(replayed.map((answer) => answer.status)).toEqual(answers.map((answer) => answer.status));
    expect(replayed.map((answer) => answer.body)).toEqual(
      file.exchanges.map((exchange: any) => exchange.response.body),
    );
  });

  it("replay answers an unrecorded request 501 not_recorded, naming the nearest recorded one", async () => {
    const replay = started(["fake", "--replay", recording, "--json"]);
    const { baseURL } = JSON.parse(await firstLine(replay)) as { baseURL: string };
    const answer = await send(baseURL, live.key, "GET", "/content/cnt_other");
    expect(answer.status).toBe(501);
    expect(answer.body.error.code).toBe("not_recorded");
    expect(answer.body.error.message).toContain("GET /api/v1/content/cnt_other was not recorded");
    expect(answer.body.error.message).toContain("#6 GET /api/v1/content/cnt_missing");
    // Each exchange answers once.
    expect((await send(baseURL, live.key, "GET", "/content/cnt_missing")).status).toBe(404);
    expect((await send(baseURL, live.key, "GET", "/content/cnt_missing")).status).toBe(501);
  });

  it("check: every exchange of the plain session agrees with the fake", async () => {
    const result = await runPostline(["fake", "check", recording]);
    expect(result.stdout).toBe("7 of 7 exchanges agree\n");
    expect(result.code).toBe(0);
  });

  it("check names an exchange edited by hand and exits 1", async () => {
    const file = JSON.parse(readFileSync(recording, "utf8"));
    file.exchanges[2].response.status = 200;
    const edited = join(dir, "edited.json");
    writeFileSync(edited, JSON.stringify(file));
    const result = await runPostline(["fake", "check", edited]);
    expect(result.stdout).toBe(
      "#3 PATCH /api/v1/content/{id}: status 200 recorded, 409 from the fake\n6 of 7 exchanges agree\n",
    );
    expect(result.code).toBe(1);
    const json = await runPostline(["fake", "check", edited, "--json"]);
    expect(JSON.parse(json.stdout)).toEqual({
      exchanges: 7,
      agree: 6,
      differences: [
        {
          exchange: 3,
          method: "PATCH",
          path: "/api/v1/content/{id}",
          problems: ["status 200 recorded, 409 from the fake"],
        },
      ],
    });
    expect(json.code).toBe(1);
  });

  it("check names each exchange where the live service answered otherwise (a fault injected)", async () => {
    const service = await liveService();
    const faulty = join(dir, "faulty.json");
    const proxy = await recorder(faulty, service.url);
    const fault = await fetch(`${service.url}/fake/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        kind: "status",
        status: 503,
        body: { error: { code: "capacity_unknown", message: "The cap could not be read." } },
        method: "GET",
        path: "/stats",
      }),
    });
    expect(fault.status).toBe(201);
    await send(proxy.url, service.key, "GET", "/channels");
    await send(proxy.url, service.key, "GET", "/stats");
    await send(proxy.url, service.key, "GET", "/brand");
    expect(await stop(proxy.child)).toBe(0);
    const result = await runPostline(["fake", "check", faulty]);
    expect(result.stdout.split("\n")[0]).toMatch(
      /^#2 GET \/api\/v1\/stats: status 503 recorded, 200 from the fake; error code capacity_unknown recorded, none from the fake/,
    );
    expect(result.stdout).toContain("2 of 3 exchanges agree\n");
    expect(result.code).toBe(1);
  });

  it("--snapshot stores the workspace's seed first, its emails the exchanges' placeholders", async () => {
    const service = await liveService();
    const out = join(dir, "with-seed.json");
    const proxy = await recorder(
      out,
      service.url,
      ["--snapshot"],
      envWith({ POSTLINE_API_KEY: service.key }),
    );
    await send(proxy.url, service.key, "GET", "/content?limit=1");
    expect(await stop(proxy.child)).toBe(0);
    const text = readFileSync(out, "utf8");
    for (const email of MEMBER_EMAILS) expect(text).not.toContain(email);
    expect(text).not.toContain(service.key);
    const file = JSON.parse(text);
    const olivia = file.seed.workspace.members.find((m: any) => m.userId === "usr_olivia");
    expect(olivia.email).toMatch(/^person-\d+@example\.invalid$/);
    const item = file.exchanges[0].response.body.items[0];
    expect(item.createdBy.userId).toBe("usr_olivia");
    expect(item.createdBy.email).toBe(olivia.email);
    const check = await runPostline(["fake", "check", out]);
    expect(check.stdout).toBe("1 of 1 exchanges agree\n");
  });

  it("a recorder killed mid-session leaves a valid file with every exchange answered before", async () => {
    const service = await liveService();
    const out = join(dir, "killed.json");
    const proxy = await recorder(out, service.url);
    await send(proxy.url, service.key, "GET", "/channels");
    await send(proxy.url, service.key, "GET", "/brand");
    // The third exchange is in flight (the service answers late) when the recorder is killed.
    await fetch(`${service.url}/fake/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "delay", ms: 5_000, method: "GET", path: "/stats" }),
    });
    const inFlight = send(proxy.url, service.key, "GET", "/stats").catch((error: Error) => error);
    // A second into a five-second answer: the request has reached the service, the answer has not.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    proxy.child.kill("SIGKILL");
    await exitOf(proxy.child);
    expect(await inFlight).toBeInstanceOf(Error);
    const file = JSON.parse(readFileSync(out, "utf8"));
    expect(file.exchanges.map((e: any) => e.request.path)).toEqual([
      "/api/v1/channels",
      "/api/v1/brand",
    ]);
    expect(statSync(out).mode & 0o777).toBe(0o600);
  });

  it("follows no redirect, and passes the answer's headers and body on unchanged", async () => {
    const service = createServer((request, response) => {
      response.writeHead(302, { location: "/api/v1/elsewhere", "x-trace": "t-1" });
      response.end(`moved ${request.url}`);
    });
    await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
    const address = service.address() as { port: number };
    try {
      const out = join(dir, "redirect.json");
      const proxy = await recorder(out, `http://127.0.0.1:${address.port}`);
      const answer = await fetch(`${proxy.url}/api/v1/channels?x=1`, { redirect: "manual" });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/api/v1/elsewhere");
      expect(answer.headers.get("x-trace")).toBe("t-1");
      expect(await answer.text()).toBe("moved /api/v1/channels?x=1");
      expect(await stop(proxy.child)).toBe(0);
      const [exchange] = JSON.parse(readFileSync(out, "utf8")).exchanges;
      expect(exchange.response).toEqual({
        status: 302,
        headers: {},
        body: "moved /api/v1/channels?x=1",
      });
    } finally {
      await new Promise((resolve) => service.close(resolve));
    }
  });

  it("refuses to start without a target, naming the flag", async () => {
    const result = await runPostline(["record", "--out", join(dir, "none.json")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--to URL (or POSTLINE_BASE_URL) is required");
  });

  it("reads POSTLINE_ALLOW_INSECURE_HTTP as every command that sends a key does", async () => {
    const args = ["record", "--out", join(dir, "none.json"), "--to", "http://example.test"];
    const unclear = await runPostline(args, envWith({ POSTLINE_ALLOW_INSECURE_HTTP: "maybe" }));
    expect(unclear.code).toBe(2);
    expect(unclear.stderr).toContain("POSTLINE_ALLOW_INSECURE_HTTP must be 1 (or true)");
    const refused = await runPostline(args, envWith({ POSTLINE_ALLOW_INSECURE_HTTP: "0" }));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--to is plain http to example.test");
  });
});
