/**
 * Inputs no type allows, from untyped callers (JavaScript, an agent's JSON): each is refused
 * with an `InvalidRequestError` naming the parameter, before anything is sent.
 */
import { describe, expect, it } from "vitest";
import { InvalidRequestError, Postline } from "../../src/index.js";
import { createFakeService } from "../../src/testing/index.js";

/** A client whose `fetch` records every request and answers as the contract fake would. */
function recordingClient() {
  const service = createFakeService();
  const sent: string[] = [];
  const client = new Postline({
    apiKey: service.defaults.apiKey,
    baseURL: service.defaults.baseURL,
    rateLimit: false,
    maxRetries: 0,
    fetch: (input, init) => {
      sent.push(input instanceof Request ? input.url : String(input));
      return service.fetch(input, init);
    },
  });
  return { client, sent, service };
}

/** Runs `call`, expects a local refusal naming `param`, and that nothing was sent. */
async function expectRefused(
  call: (client: Postline) => unknown,
  param: string,
): Promise<InvalidRequestError> {
  const { client, sent } = recordingClient();
  let error: unknown;
  try {
    await call(client);
  } catch (thrown) {
    error = thrown;
  }
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect((error as InvalidRequestError).param).toBe(param);
  expect((error as Error).message).toContain(param);
  expect(sent).toEqual([]);
  return error as InvalidRequestError;
}

const loose = <T>(value: unknown) => value as T;
const LONE = "cnt_\uD800";

describe("a lone surrogate in an id, a query value or a body string", () => {
  it.each([
    ["content.get", (c: Postline) => c.content.get(LONE)],
    ["content.update", (c: Postline) => c.content.update(LONE, { content: "x" })],
    ["content.approve", (c: Postline) => c.content.approve(LONE)],
    ["content.unapprove", (c: Postline) => c.content.unapprove(LONE)],
    ["content.reject", (c: Postline) => c.content.reject(LONE)],
    ["content.schedule", (c: Postline) => c.content.schedule(LONE, { publishNow: true })],
    ["content.delete", (c: Postline) => c.content.delete(LONE)],
    ["keys.get", (c: Postline) => c.keys.get(LONE)],
    ["keys.revoke", (c: Postline) => c.keys.revoke(LONE)],
  ])("%s refuses the id", async (_method, call) => {
    const error = await expectRefused(call, "id");
    expect(error.message).toMatch(/unpaired surrogate at index 4/);
  });

  it.each([
    ["content.list", "channelId", (c: Postline) => c.content.list({ channelId: LONE }).toArray()],
    ["content.listPage", "cursor", (c: Postline) => c.content.listPage({ cursor: LONE })],
    ["channels.list", "platform", (c: Postline) => c.channels.list({ platform: "x\uDC00" })],
  ])("%s refuses the query value %s", async (_method, param, call) => {
    await expectRefused(call, param);
  });

  it.each([
    [
      "createDraft body",
      "body",
      (c: Postline) =>
        c.content.createDraft({ channelId: "ch_x_acme", body: "Launch 🚀".slice(0, 8) }),
    ],
    [
      "generate prompt",
      "prompt",
      (c: Postline) => c.content.generate({ channelIds: ["ch_x_acme"], prompt: "\uD83D" }),
    ],
    [
      "update content",
      "content",
      (c: Postline) => c.content.update("cnt_1", { content: "\uDE80" }),
    ],
    [
      "keys.create name",
      "name",
      (c: Postline) => c.keys.create({ name: "\uD800", scopes: ["read"] }),
    ],
  ])("%s is refused rather than sent as U+FFFD", async (_what, param, call) => {
    await expectRefused(call, param);
  });

  it("a well-formed emoji (a surrogate pair) is sent as is", async () => {
    const { client, service } = recordingClient();
    const draft = await client.content.createDraft({ channelId: "ch_x_acme", body: "Launch 🚀" });
    expect(service.item(draft.id)?.content).toBe("Launch 🚀");
  });
});

describe("a missing or non-object parameters object", () => {
  it.each([
    ["content.createDraft(null)", (c: Postline) => c.content.createDraft(loose(null))],
    ["content.createDraft()", (c: Postline) => c.content.createDraft(loose(undefined))],
    ["content.generate(null)", (c: Postline) => c.content.generate(loose(null))],
    ['content.generate("text")', (c: Postline) => c.content.generate(loose("Launch week"))],
    ["content.update(id, null)", (c: Postline) => c.content.update("cnt_1", loose(null))],
    ["content.approve(id, null)", (c: Postline) => c.content.approve("cnt_1", loose(null))],
    ["content.reject(id, null)", (c: Postline) => c.content.reject("cnt_1", loose(null))],
    ["content.schedule(id, null)", (c: Postline) => c.content.schedule("cnt_1", loose(null))],
    ["content.list(null)", (c: Postline) => c.content.list(loose(null))],
    ["content.listPage([])", (c: Postline) => c.content.listPage(loose([]))],
    ["channels.list(null)", (c: Postline) => c.channels.list(loose(null))],
    ["stats.get(null)", (c: Postline) => c.stats.get(loose(null))],
    ["keys.create(null)", (c: Postline) => c.keys.create(loose(null))],
  ])("%s is refused, naming params", async (_call, call) => {
    const error = await expectRefused(call, "params");
    expect(error.message).toMatch(/^params (is required and )?must be an object/);
  });
});

describe("values the contract refuses", () => {
  it.each(["published", "scheduled", "publishing", "failed", "PENDING", ""])(
    "STATE-8 update with status %j is refused locally",
    async (status) => {
      const error = await expectRefused(
        (c) => c.content.update("cnt_1", { status: loose(status) }),
        "status",
      );
      expect(error.message).toContain('"pending", "draft", "cancelled"');
    },
  );

  it.each([["root"], ["Admin"], ["owner"]])("a key scope %j is refused locally", async (scope) => {
    const error = await expectRefused(
      (c) => c.keys.create({ name: "ops", scopes: loose([scope]) }),
      "scopes[0]",
    );
    expect(error.message).toContain('"read", "write", "admin"');
  });

  it("the three statuses and scopes the contract names still reach the service", async () => {
    const { client } = recordingClient();
    const item = await client.content.createDraft({ channelId: "ch_x_acme", body: "Hi." });
    expect((await client.content.update(item.id, { status: "cancelled" })).status).toBe(
      "cancelled",
    );
    const key = await client.keys.create({ name: "ops", scopes: ["read", "write", "admin"] });
    expect(key.scopes).toEqual(["read", "write", "admin"]);
  });
});
