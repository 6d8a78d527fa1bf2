import { describe, expect, it } from "vitest";
import { InvalidRequestError, type Postline } from "../../src/index.js";
import { makeClient, useServer } from "../support/server.js";
import { rejectionOf } from "../support/thrown.js";

const { seen } = useServer();

/** Runs a call that must be refused locally; returns the error and checks nothing was sent. */
async function refusal(call: (client: Postline) => unknown): Promise<InvalidRequestError> {
  const client = makeClient();
  const error = await rejectionOf(() => call(client), InvalidRequestError);
  expect(seen).toHaveLength(0);
  return error;
}

const loose = <T>(value: unknown) => value as T;

describe("refused before anything is sent, naming the parameter", () => {
  it.each([
    [
      "CREATE-0 a draft with both body and prompt",
      "prompt",
      (c: Postline) => c.content.createDraft(loose({ channelId: "c", body: "b", prompt: "p" })),
    ],
    [
      "CREATE-0 a generation with both prompt and body",
      "body",
      (c: Postline) => c.content.generate(loose({ channelIds: ["c"], prompt: "p", body: "b" })),
    ],
    [
      "CREATE-0 a draft with neither body nor prompt",
      "body",
      (c: Postline) => c.content.createDraft(loose({ channelId: "c" })),
    ],
    [
      "CREATE-0 a generation with no prompt",
      "prompt",
      (c: Postline) => c.content.generate(loose({ channelIds: ["c"] })),
    ],
    [
      "CREATE-2 a draft with both channelId and channelIds",
      "channelIds",
      (c: Postline) =>
        c.content.createDraft(loose({ channelId: "c", channelIds: ["c"], body: "b" })),
    ],
    [
      "CREATE-2 a generation with both channelId and channelIds",
      "channelIds",
      (c: Postline) =>
        c.content.generate(loose({ channelId: "c", channelIds: ["c"], prompt: "p" })),
    ],
    [
      "CREATE-3 a draft with several channels",
      "channelIds",
      (c: Postline) => c.content.createDraft(loose({ channelIds: ["a", "b"], body: "b" })),
    ],
    [
      "CREATE-5 a draft with no channel",
      "channelId",
      (c: Postline) => c.content.createDraft(loose({ body: "b" })),
    ],
    [
      "CREATE-5 a generation with an empty channelIds",
      "channelIds",
      (c: Postline) => c.content.generate({ channelIds: [], prompt: "p" }),
    ],
    [
      "a generation with an empty channel id inside channelIds",
      "channelIds[1]",
      (c: Postline) => c.content.generate({ channelIds: ["a", ""], prompt: "p" }),
    ],
    ["LIST-4 limit above 100", "limit", (c: Postline) => c.content.listPage({ limit: 101 })],
    ["LIST-4 limit below 1", "limit", (c: Postline) => c.content.listPage({ limit: 0 })],
    ["LIST-4 a fractional limit", "limit", (c: Postline) => c.content.listPage({ limit: 2.5 })],
    [
      "LIST-4 limit above 100 on list()",
      "limit",
      (c: Postline) => c.content.list({ limit: 500 }).toArray(),
    ],
    ["STATS-1 days above 365", "days", (c: Postline) => c.stats.get({ days: 366 })],
    ["STATS-1 days below 1", "days", (c: Postline) => c.stats.get({ days: 0 })],
    ["an empty content id", "id", (c: Postline) => c.content.get("")],
    ["an empty id on update", "id", (c: Postline) => c.content.update("", { content: "x" })],
    ["an empty id on delete", "id", (c: Postline) => c.content.delete("  ")],
    ["an empty id on schedule", "id", (c: Postline) => c.content.schedule("")],
    ["an empty key id", "id", (c: Postline) => c.keys.get("")],
    ["an empty key id on revoke", "id", (c: Postline) => c.keys.revoke("")],
    [
      "an invalid scheduledAt string",
      "scheduledAt",
      (c: Postline) => c.content.schedule("i", { scheduledAt: "next tuesday-ish" }),
    ],
    [
      "an invalid scheduledAt Date",
      "scheduledAt",
      (c: Postline) => c.content.schedule("i", { scheduledAt: new Date(Number.NaN) }),
    ],
    [
      "scheduledAt together with publishNow",
      "publishNow",
      (c: Postline) => c.content.schedule("i", { scheduledAt: new Date(), publishNow: true }),
    ],
    [
      "an empty channelId on update",
      "channelId",
      (c: Postline) => c.content.update("i", { channelId: "" }),
    ],
    ["a key with no name", "name", (c: Postline) => c.keys.create(loose({ scopes: ["read"] }))],
    ["a key with no scopes", "scopes", (c: Postline) => c.keys.create({ name: "n", scopes: [] })],
    [
      "a per-call timeout that is not positive",
      "timeout",
      (c: Postline) => c.channels.list({}, { timeout: 0 }),
    ],
    [
      "a per-call maxRetries that is negative",
      "maxRetries",
      (c: Postline) => c.channels.list({}, { maxRetries: -1 }),
    ],
  ])("%s", async (_title, param, call) => {
    const error = await refusal(call);
    expect(error.param).toBe(param);
    expect(error.message).toContain(param.replace(/\[\d+\]$/, ""));
  });
});
