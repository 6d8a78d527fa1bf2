import { describe, expect, it } from "vitest";
import {
  ForbiddenError,
  InvalidApiKeyError,
  MissingAuthorizationError,
  Postline,
  ScopeRequiredError,
} from "../../src/index.js";
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

  describe("AUTH-6 browser sessions", () => {
    /** A session client that records what each request carried on the wire. */
    function sessionClient(cookie: string) {
      const sent: Request[] = [];
      const client = new Postline({
        auth: "session",
        baseURL: fake.service.defaults.baseURL,
        headers: { cookie },
        rateLimit: false,
        maxRetries: 0,
        fetch: (input, init) => {
          const request = new Request(input, init);
          sent.push(request.clone());
          return fetch(request);
        },
      });
      return { client, sent };
    }

    it("AUTH-6 A logged-in browser session is accepted on v1 routes instead of a bearer token", async () => {
      const session = fake.service.signIn({ email: "olivia@acme.test" });
      const { client, sent } = sessionClient(session.cookie);
      const [channelId] = fake.service.defaults.channelIds;
      const draft = await client.content.createDraft({ channelId: channelId!, body: "Hi there" });
      expect(draft.createdBy.userId).toBe("usr_olivia");
      expect((await client.content.get(draft.id)).id).toBe(draft.id);
      expect((await client.channels.list()).length).toBeGreaterThan(0);
      expect((await client.keys.list()).length).toBeGreaterThan(0);
      expect(sent.length).toBe(4);
      for (const request of sent) {
        expect(request.headers.get("authorization")).toBeNull();
        expect(request.credentials).toBe("include");
      }
      const credentials = fake.service.requests.map((request) => request.credential);
      expect(credentials).toEqual(["session", "session", "session", "session"]);
    });

    it("AUTH-6 a session acts as its member: the role checks of §5 rule 4 still apply", async () => {
      const { client } = sessionClient(fake.service.signIn({ email: "mia@acme.test" }).cookie);
      expect((await client.keys.list()).length).toBeGreaterThan(0);
      await expect(client.keys.create({ name: "n", scopes: ["read"] })).rejects.toBeInstanceOf(
        ForbiddenError,
      );
    });

    it("AUTH-6 with neither a bearer nor a live session → 401 `missing_authorization`", async () => {
      const { client } = sessionClient("postline_session=sess_made_up");
      await expect(client.channels.list()).rejects.toBeInstanceOf(MissingAuthorizationError);
      const ended = fake.service.signIn();
      fake.service.workspace().memberLeaves("usr_olivia");
      const { client: leaver } = sessionClient(ended.cookie);
      await expect(leaver.channels.list()).rejects.toBeInstanceOf(MissingAuthorizationError);
    });

    it("AUTH-6 a session is one workspace's: another workspace's items are not found", async () => {
      const other = fake.service.otherWorkspace!;
      const { client } = sessionClient(fake.service.signIn({ email: "olivia@acme.test" }).cookie);
      const answer = await client.content.get(other.contentIds[0]!).catch((error) => error);
      expect(answer.status).toBe(404);
      const listed = await client.content.list().toArray({ max: 500 });
      expect(listed.some((item) => other.contentIds.includes(item.id))).toBe(false);
    });
  });
});
