import { describe, expect, it } from "vitest";
import { ForbiddenError, InvalidApiKeyError, ScopeRequiredError } from "../../src/index.js";
import { useFake } from "./support/fake-harness.js";

const fake = useFake();

/** The §5 table: route, method, scope, and whether a plain member may call it. */
const SCOPE_TABLE: [
  method: string,
  path: string,
  scope: "read" | "write" | "admin",
  memberAllowed: boolean,
][] = [
  ["GET", "/channels", "read", true],
  ["GET", "/brand", "read", true],
  ["GET", "/schedule", "read", true],
  ["GET", "/stats", "read", true],
  ["GET", "/content", "read", true],
  ["GET", "/content/cnt_acme_published", "read", true],
  ["POST", "/content", "write", true],
  ["PATCH", "/content/cnt_acme_published", "write", true],
  ["DELETE", "/content/cnt_acme_published", "write", true],
  ["POST", "/content/cnt_acme_published/schedule", "write", true],
  ["GET", "/keys", "admin", true],
  ["GET", "/keys/key_acme_owner", "admin", true],
  ["POST", "/keys", "admin", false],
  ["DELETE", "/keys/key_acme_owner", "admin", false],
];
const bodyFor = (method: string) => (method === "GET" ? {} : { body: {} });
const BELOW: Record<string, "read" | "write" | null> = {
  read: null,
  write: "read",
  admin: "write",
};

describe("§5 Authentication", () => {
  it("AUTH-1 No Authorization header → 401 `missing_authorization`", async () => {
    const answer = await fake.raw("GET", "/channels", { token: null });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe("missing_authorization");
  });

  it("AUTH-2 Malformed, unknown, revoked, wrong-environment token, or owner left → 401 `invalid_api_key`", async () => {
    const revoked = fake.service.addKey({ revoked: true });
    const live = fake.service.addKey({ environment: "live" });
    const left = fake.service.addKey({ role: "left" });
    const leaver = fake.service.addKey({ role: "admin", scopes: ["read"] });
    fake.service.workspace().memberLeaves(leaver.userId);
    const tokens = [
      "",
      "garbage",
      "pl_test_doesnotexist000",
      revoked.token,
      live.token,
      left.token,
      leaver.token,
    ];
    for (const token of tokens) {
      const answer = await fake.raw("GET", "/channels", { token });
      expect(answer.status, token.slice(0, 8)).toBe(401);
      expect(answer.body.error.code).toBe("invalid_api_key");
    }
    await expect(fake.clientFor(revoked.token).channels.list()).rejects.toBeInstanceOf(
      InvalidApiKeyError,
    );
  });

  it("AUTH-3 Scopes cascade `admin` > `write` > `read`; shortfall → 403 `scope_required` naming the scope", async () => {
    const reader = fake.service.addKey({ scopes: ["read"] });
    const writer = fake.service.addKey({ scopes: ["write"] });
    expect((await fake.raw("GET", "/channels", { token: writer.token })).status).toBe(200);
    expect((await fake.raw("GET", "/channels")).status).toBe(200);
    const refused = await fake.raw("POST", "/content", {
      token: reader.token,
      body: { body: "x", channelId: "ch_x_acme" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("scope_required");
    expect(refused.body.error.message).toContain("`write`");
    const error = await fake
      .clientFor(writer.token)
      .keys.list()
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(ScopeRequiredError);
    expect(error.message).toContain("admin");
  });

  it("AUTH-4 The owner's role applies too: POST/DELETE `/keys` need admin or owner → 403 `forbidden`", async () => {
    const member = fake.service.addKey({ role: "member", scopes: ["admin"] });
    const admin = fake.service.addKey({ role: "admin", scopes: ["admin"] });
    await expect(
      fake.clientFor(member.token).keys.create({ name: "n", scopes: ["read"] }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    const revoke = await fake.raw("DELETE", `/keys/${admin.id}`, { token: member.token });
    expect(revoke.status).toBe(403);
    expect(revoke.body.error.code).toBe("forbidden");
    expect((await fake.clientFor(member.token).keys.list()).length).toBeGreaterThan(0);
    expect(
      (await fake.clientFor(admin.token).keys.create({ name: "ok", scopes: ["read"] })).token,
    ).toMatch(/^pl_test_/);
  });

  it("AUTH-5 Each route's scope is as in the §5 table", async () => {
    const member = fake.service.addKey({ role: "member", scopes: ["admin"] });
    for (const [method, path, scope, memberAllowed] of SCOPE_TABLE) {
      const below = BELOW[scope];
      if (below) {
        const key = fake.service.addKey({ scopes: [below] });
        const answer = await fake.raw(method, path, { token: key.token, ...bodyFor(method) });
        expect(`${method} ${path} ${answer.status} ${answer.body.error?.code}`).toBe(
          `${method} ${path} 403 scope_required`,
        );
      }
      const exact = fake.service.addKey({ scopes: [scope] });
      const allowed = await fake.raw(method, path, { token: exact.token, ...bodyFor(method) });
      expect([401, 403].includes(allowed.status), `${method} ${path} with ${scope}`).toBe(false);
      const byMember = await fake.raw(method, path, { token: member.token, ...bodyFor(method) });
      expect(byMember.body?.error?.code === "forbidden", `${method} ${path} by a member`).toBe(
        !memberAllowed,
      );
    }
  });
});
