import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MissingAuthorizationError, Postline } from "../../src/index.js";
import {
  createFakeService,
  type FakeServer,
  handlers,
  SESSION_COOKIE,
  startFakeServer,
} from "../../src/testing/index.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The `name=value` part of a Set-Cookie header. */
const cookiePair = (setCookie: string | null) => (setCookie ?? "").split(";")[0]!;

describe("the fake's sign-in over HTTP (POST/DELETE {baseURL}/fake/session)", () => {
  it("sets an HttpOnly, SameSite=Lax session cookie that v1 routes accept", async () => {
    const service = createFakeService();
    server = await startFakeServer(service);
    const signIn = await fetch(`${server.url}/fake/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "mia@acme.test" }),
    });
    expect(signIn.status).toBe(201);
    expect(await signIn.json()).toMatchObject({ userId: "usr_mia" });
    const setCookie = signIn.headers.get("set-cookie");
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=sess_`));
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");

    const client = new Postline({
      auth: "session",
      baseURL: server.url,
      headers: { cookie: cookiePair(setCookie) },
    });
    expect((await client.channels.list()).length).toBeGreaterThan(0);
    expect(service.requests.at(-1)).toMatchObject({ credential: "session", status: 200 });
    // The sign-in is the fake's own route: never logged as a v1 request.
    expect(service.requests.map((request) => request.path)).toEqual(["/channels"]);
  });

  it("DELETE signs out: the cookie stops working and is cleared", async () => {
    const service = createFakeService();
    server = await startFakeServer(service);
    const session = service.signIn();
    const signOut = await fetch(`${server.url}/fake/session`, {
      method: "DELETE",
      headers: { cookie: session.cookie },
    });
    expect(signOut.status).toBe(204);
    expect(signOut.headers.get("set-cookie")).toContain("Max-Age=0");
    const client = new Postline({
      auth: "session",
      baseURL: server.url,
      headers: { cookie: session.cookie },
      maxRetries: 0,
    });
    await expect(client.channels.list()).rejects.toBeInstanceOf(MissingAuthorizationError);
  });

  it("refuses an unknown member with validation_error naming the parameter", async () => {
    const service = createFakeService();
    server = await startFakeServer(service);
    const refused = await fetch(`${server.url}/fake/session`, {
      method: "POST",
      body: JSON.stringify({ email: "nobody@acme.test" }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: "validation_error", param: "email" },
    });
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect(() => service.signIn({ userId: "usr_nobody" })).toThrow(/userId/);
  });

  it("with cors set to an origin, allows that origin's cookies; with cors: true, no cookies", async () => {
    const service = createFakeService();
    server = await startFakeServer(service, { cors: "http://127.0.0.1:9999" });
    const named = await fetch(`${server.url}/fake/session`, {
      method: "OPTIONS",
      headers: { origin: "http://127.0.0.1:9999", "access-control-request-method": "POST" },
    });
    expect(named.headers.get("access-control-allow-credentials")).toBe("true");
    expect(named.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:9999");
    await server.close();
    server = await startFakeServer(service, { cors: true });
    const any = await fetch(`${server.url}/api/v1/channels`, {
      headers: { origin: "http://a.test", cookie: service.signIn().cookie },
    });
    expect(any.headers.get("access-control-allow-origin")).toBe("*");
    expect(any.headers.get("access-control-allow-credentials")).toBeNull();
  });
});

describe("the fake's sign-in through msw handlers", () => {
  const service = createFakeService();
  const msw = setupServer(...handlers(service));
  beforeAll(() => msw.listen({ onUnhandledFrame: "error" }));
  afterAll(() => msw.close());

  it("answers at {baseURL}/fake/session, and the cookie signs the client in", async () => {
    const signIn = await fetch(`${service.defaults.baseURL}/fake/session`, { method: "POST" });
    expect(signIn.status).toBe(201);
    expect(await signIn.json()).toMatchObject({ userId: "usr_olivia" });
    const client = new Postline({
      auth: "session",
      baseURL: service.defaults.baseURL,
      headers: { cookie: cookiePair(signIn.headers.get("set-cookie")) },
    });
    expect((await client.content.list().toArray({ max: 5 })).length).toBeGreaterThan(0);
  });
});
