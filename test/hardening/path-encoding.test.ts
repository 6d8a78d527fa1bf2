/** Ids are URL-encoded into paths, so no id can reach another route (GET-1, CONV-4). */
import { describe, expect, it } from "vitest";
import { InvalidRequestError, NotFoundError } from "../../src/index.js";
import { fakeClient } from "../support/fake-client.js";

const HOSTILE_IDS = ["../keys", "a/b", "%2e%2e", ".%2e", "x?status=all", "x#frag", "../../brand"];

describe("hostile ids stay inside their route", () => {
  it.each(HOSTILE_IDS)("content.get(%j) asks for that one item and gets 404", async (id) => {
    const { service, client } = fakeClient();
    await expect(client.content.get(id)).rejects.toBeInstanceOf(NotFoundError);
    const request = service.requests.at(-1)!;
    expect(request.method).toBe("GET");
    expect(request.path).toBe(`/content/${encodeURIComponent(id)}`);
    expect(request.query).toBe("");
  });

  it.each(HOSTILE_IDS)("content.delete(%j) deletes nothing else", async (id) => {
    const { service, client } = fakeClient();
    const before = service.workspace().items().length;
    await expect(client.content.delete(id)).rejects.toBeInstanceOf(NotFoundError);
    expect(service.requests.at(-1)!.path).toBe(`/content/${encodeURIComponent(id)}`);
    expect(service.workspace().items()).toHaveLength(before);
  });

  it.each(HOSTILE_IDS)("keys.revoke(%j) revokes no key", async (id) => {
    const { service, client } = fakeClient();
    await expect(client.keys.revoke(id)).rejects.toBeInstanceOf(NotFoundError);
    expect(service.requests.at(-1)!.path).toBe(`/keys/${encodeURIComponent(id)}`);
    const keys = await client.keys.list();
    expect(keys.every((key) => key.status !== "revoked")).toBe(true);
  });

  it('schedule("../x") posts to /content/..%2Fx/schedule', async () => {
    const { service, client } = fakeClient();
    await expect(client.content.schedule("../x", { publishNow: true })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(service.requests.at(-1)!.path).toBe("/content/..%2Fx/schedule");
  });
});

describe("dot segments, which encoding cannot neutralise", () => {
  it.each([".", ".."])(
    "an id of %j is refused before anything is sent, naming the parameter",
    async (id) => {
      const { service, client } = fakeClient();
      for (const call of [
        () => client.content.get(id),
        () => client.content.delete(id),
        () => client.content.update(id, { content: "x" }),
        () => client.keys.revoke(id),
      ]) {
        const error = await call().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidRequestError);
        expect((error as InvalidRequestError).param).toBe("id");
      }
      expect(service.requests).toHaveLength(0);
    },
  );
});
