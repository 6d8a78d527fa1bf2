import { describe, expect, it } from "vitest";
import { CannotRevokeSelfError, InvalidApiKeyError } from "../../src/index.js";
import { useFake } from "./support/fake-harness.js";

const fake = useFake();

describe("§2.6 / §4 Keys", () => {
  it("KEYS-1 POST `{ name, scopes }` → 201 with `token`, the only response that ever has it", async () => {
    const answer = await fake.raw("POST", "/keys", {
      body: { name: "Reporter", scopes: ["read"] },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      name: "Reporter",
      scopes: ["read"],
      token: expect.stringMatching(/^pl_test_/),
    });
    const token = answer.body.token as string;
    const listed = await fake.raw("GET", "/keys");
    const one = await fake.raw("GET", `/keys/${answer.body.id}`);
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect(JSON.stringify(one.body)).not.toContain(token);
    expect(JSON.stringify(listed.body)).not.toContain("token");
    const created = await fake.client.keys.create({ name: "Writer", scopes: ["write"] });
    expect((await fake.clientFor(created.token).channels.list()).length).toBeGreaterThan(0);
  });

  it("KEYS-2 GET lists active and revoked keys, never a secret", async () => {
    const revoked = fake.service.addKey({ scopes: ["read"], revoked: true });
    const keys = await fake.client.keys.list();
    expect(keys.map((key) => key.id)).toEqual(
      expect.arrayContaining(["key_acme_owner", revoked.id]),
    );
    expect(keys.find((key) => key.id === revoked.id)).toMatchObject({ status: "revoked" });
    const raw = JSON.stringify((await fake.raw("GET", "/keys")).body);
    expect(raw).not.toContain(fake.service.defaults.apiKey);
    expect(raw).not.toContain(revoked.token);
  });

  it("KEYS-3 DELETE revokes and is idempotent", async () => {
    const victim = fake.service.addKey({ scopes: ["read"] });
    await fake.client.keys.revoke(victim.id);
    await fake.client.keys.revoke(victim.id);
    const again = await fake.raw("DELETE", `/keys/${victim.id}`);
    expect(again.status).toBe(200);
    expect(again.body.key.status).toBe("revoked");
    await expect(fake.clientFor(victim.token).channels.list()).rejects.toBeInstanceOf(
      InvalidApiKeyError,
    );
  });

  it("KEYS-4 A token revoking itself → 400 `cannot_revoke_self_in_request`", async () => {
    const answer = await fake.raw("DELETE", "/keys/key_acme_owner");
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("cannot_revoke_self_in_request");
    await expect(fake.client.keys.revoke("key_acme_owner")).rejects.toBeInstanceOf(
      CannotRevokeSelfError,
    );
    expect((await fake.client.keys.get("key_acme_owner")).status).toBe("active");
  });
});
