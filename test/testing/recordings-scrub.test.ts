/**
 * Scrubbing by the contract, failing closed (SDK_DESIGN.md §21): secrets planted in every place
 * the contract can carry them (bodies, queries, error messages, items' text, member and key
 * lists) never reach the recording, and an exchange with a secret left is not written at all.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordingFetch } from "../../src/testing/index.js";

const dir = mkdtempSync(join(tmpdir(), "postline-scrub-"));
const KEY = "pl_live_4f7c1a9e2b8d6035c7e1f9a2b4d6e8f0";
const OTHER_TOKEN = "pl_test_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d";
const EMAILS = ["olivia@acme.test", "Adam.Admin@Acme.Test"] as const;
let files = 0;

/** A service stub that answers `body` (as JSON) with `status`. */
function answering(body: unknown, status = 200): typeof fetch {
  return async () =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** Sends one request through `recordingFetch` and returns the file's text. */
async function recorded(
  service: typeof fetch,
  path: string,
  init: RequestInit = {},
): Promise<{ text: string; file: any }> {
  const out = join(dir, `recording-${++files}.json`);
  const send = recordingFetch({ out, fetch: service });
  await send(`https://api.postline.example/api/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${KEY}`, ...(init.headers as Record<string, string>) },
  });
  const text = readFileSync(out, "utf8");
  return { text, file: JSON.parse(text) };
}

function expectNoSecret(text: string): void {
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(KEY.slice("pl_live_".length));
  expect(text).not.toContain(OTHER_TOKEN);
  expect(text).not.toMatch(/pl_(live|test)_/);
  for (const email of EMAILS) expect(text.toLowerCase()).not.toContain(email.toLowerCase());
}

describe("recordings: scrubbing by the contract", () => {
  it("no request header is written, the key included", async () => {
    const { text, file } = await recorded(answering({ channels: [] }), "/channels", {
      headers: { cookie: "session=abc", "x-postline-sdk": "ts" },
    });
    expect(file.exchanges).toHaveLength(1);
    expect(Object.keys(file.exchanges[0].request)).toEqual(["method", "path", "query"]);
    expect(text).not.toMatch(/authorization|session=abc|x-postline-sdk/i);
    expectNoSecret(text);
  });

  it("a token in a request body and in its echo becomes one placeholder", async () => {
    const { text, file } = await recorded(
      async (request) =>
        new Response(
          JSON.stringify({ items: [{ id: "cnt_1", content: await (request as Request).text() }] }),
          {
            status: 201,
          },
        ),
      "/content",
      { method: "POST", body: JSON.stringify({ body: `my key is ${KEY}`, channelId: "ch_1" }) },
    );
    expect(file.exchanges[0].request.body.body).toBe("my key is pl_redacted_1");
    expectNoSecret(text);
  });

  it("tokens and emails in a query are scrubbed, URL-encoded too", async () => {
    const { text, file } = await recorded(
      answering({ items: [], nextCursor: null }),
      `/content?cursor=${OTHER_TOKEN}&q=${encodeURIComponent(EMAILS[0])}&k=${encodeURIComponent(KEY)}`,
    );
    expect(file.exchanges[0].request.query).toMatch(
      /^cursor=pl_redacted_\d+&q=person-1@example\.invalid&k=pl_redacted_1$/,
    );
    expectNoSecret(text);
  });

  it("an error message quoting the key, or only its secret part, is scrubbed", async () => {
    const { text, file } = await recorded(
      answering(
        {
          error: {
            code: "invalid_api_key",
            message: `The key ${KEY} is revoked (secret ${KEY.slice("pl_live_".length)}); ask ${EMAILS[1]}`,
          },
        },
        401,
      ),
      "/brand",
    );
    expect(file.exchanges[0].response.body.error.message).toBe(
      "The key pl_redacted_1 is revoked (secret pl_redacted_1); ask person-1@example.invalid",
    );
    expectNoSecret(text);
  });

  it("an item's text keeps its words, its tokens and emails replaced", async () => {
    const { text, file } = await recorded(
      answering({
        items: [
          {
            id: "cnt_1",
            content: `Ping ${EMAILS[0]} with ${OTHER_TOKEN} today`,
            title: `For ${EMAILS[1]}`,
            createdBy: { userId: "usr_1", fullName: "Olivia", email: EMAILS[0] },
          },
        ],
        nextCursor: null,
      }),
      "/content",
    );
    const item = file.exchanges[0].response.body.items[0];
    expect(item.content).toMatch(/^Ping person-1@example\.invalid with pl_redacted_\d+ today$/);
    expect(item.title).toBe("For person-2@example.invalid");
    expect(item.createdBy.email).toBe("person-1@example.invalid");
    expectNoSecret(text);
  });

  it("member and key lists: emails per person, a created key's token whatever its shape", async () => {
    const created = "tok_created_5e6f7a8b9c0d1e2f";
    const out = join(dir, "lists.json");
    const send = recordingFetch({
      out,
      fetch: async (input) => {
        const path = new URL((input as Request).url).pathname;
        if (path.endsWith("/keys") && (input as Request).method === "POST")
          return Response.json(
            { id: "key_2", name: "ci", scopes: ["read"], token: created },
            { status: 201 },
          );
        return Response.json({
          keys: [
            { id: "key_1", createdBy: { userId: "usr_1", email: EMAILS[0] } },
            {
              id: "key_2",
              createdBy: { userId: "usr_2", email: EMAILS[1] },
              note: `was ${created}`,
            },
          ],
          members: [
            { userId: "usr_1", email: EMAILS[0].toUpperCase() },
            { userId: "usr_2", email: EMAILS[1] },
          ],
        });
      },
    });
    const headers = { authorization: `Bearer ${KEY}` };
    await send("https://api.postline.example/api/v1/keys", { method: "POST", headers, body: "{}" });
    await send("https://api.postline.example/api/v1/keys", { headers });
    const text = readFileSync(out, "utf8");
    const file = JSON.parse(text);
    expect(file.exchanges[0].response.body.token).toBe("pl_redacted_2");
    const list = file.exchanges[1].response.body;
    expect(list.keys[1].note).toBe("was pl_redacted_2");
    expect(list.keys.map((key: any) => key.createdBy.email)).toEqual([
      "person-1@example.invalid",
      "person-2@example.invalid",
    ]);
    expect(list.members.map((member: any) => member.email)).toEqual([
      "person-1@example.invalid",
      "person-2@example.invalid",
    ]);
    expect(text).not.toContain(created);
    expectNoSecret(text);
  });

  it("fails closed: an exchange with a secret left is not written, and the error says where", async () => {
    const out = join(dir, "leak.json");
    const send = recordingFetch({
      out,
      // A token as a JSON key: no value carries it, so scrubbing values cannot reach it.
      fetch: answering({ usage: { [OTHER_TOKEN]: 1 } }),
    });
    const failure = await send("https://api.postline.example/api/v1/stats", {
      headers: { authorization: `Bearer ${KEY}` },
    }).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(
      "recordingFetch: not written: #1 GET /api/v1/stats: a secret is left at $.response.body.usage[key 0]",
    );
    expect((failure as Error).message).not.toContain(OTHER_TOKEN);
    const text = readFileSync(out, "utf8");
    expect(JSON.parse(text).exchanges).toEqual([]);
    expectNoSecret(text);
  });
});
