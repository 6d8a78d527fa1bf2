/**
 * The token never survives on an error, whatever the server echoes: not in a field, a nested
 * `issues[].input`, a `cause`, a cursor, an excerpt cut inside the token, or a baseURL's
 * credentials. Redaction copies never turn a JSON `"__proto__"` key into a prototype, and never
 * rewrite the caller's own objects. docs/errors.md, "The token on errors".
 */
import { inspect } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import {
  AmbiguousCreateError,
  APIConnectionError,
  APIUserAbortError,
  NotFoundError,
  PaginationError,
  Postline,
  PostlineError,
  ResponseValidationError,
} from "../../src/index.js";
import { contentItem } from "../support/fixtures.js";
import { clientOf, type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { rejectionOf } from "../support/thrown.js";

// No `_live_` / `_test_` segment: only the exact token tells it apart.
const TOKEN = "opaqueSecretK3yWithNoPrefix0123456789abcdef";
const FRAGMENT = TOKEN.slice(0, 10);

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Every way a caller may print or ship an error. */
function everyRendering(error: unknown): string {
  return [
    String(error),
    JSON.stringify(error) ?? "",
    JSON.stringify((error as { body?: unknown }).body) ?? "",
    JSON.stringify((error as { issues?: unknown }).issues) ?? "",
    inspect(error, { depth: 20, showHidden: true }),
  ].join("\n");
}

function respondJson(status: number, body: unknown, response: import("node:http").ServerResponse) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(typeof body === "string" ? body : JSON.stringify(body));
}

describe("the token on errors", () => {
  it("a 2xx body that fails its schema: body and issues[].input are scrubbed", async () => {
    server = await startHostileServer((_request, response) =>
      respondJson(200, { id: { echo: TOKEN }, body: `Bearer ${TOKEN}`, status: 7 }, response),
    );
    const error = await rejectionOf(clientOf(server, { apiKey: TOKEN }).content.get("cnt_1"));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(JSON.stringify((error as ResponseValidationError).body)).toContain("[redacted]");
    expect(everyRendering(error)).not.toContain(FRAGMENT);
  });

  it("a 2xx body that is not JSON: issues[].input and body are scrubbed", async () => {
    server = await startHostileServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end(`item for ${TOKEN}`);
    });
    const error = await rejectionOf(clientOf(server, { apiKey: TOKEN }).content.get("cnt_1"));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.input).toBe("item for [redacted]");
    expect(everyRendering(error)).not.toContain(FRAGMENT);
  });

  it("a non-JSON 201 create: the AmbiguousCreateError's cause is scrubbed", async () => {
    server = await startHostileServer((request, response) => {
      if (request.method === "POST") {
        response.writeHead(201, { "content-type": "text/plain" });
        response.end(`created for ${TOKEN}`);
        return;
      }
      respondJson(200, { items: [], nextCursor: null }, response);
    });
    const client = clientOf(server, { apiKey: TOKEN });
    const error = await rejectionOf(
      client.content.createDraft({ channelId: "ch_x", body: "Hello" }),
    );
    expect(error).toBeInstanceOf(AmbiguousCreateError);
    const ambiguous = error as AmbiguousCreateError;
    expect(ambiguous.cause).toBeInstanceOf(ResponseValidationError);
    expect(everyRendering(ambiguous)).not.toContain(FRAGMENT);
    expect(everyRendering(ambiguous.cause)).not.toContain(FRAGMENT);
  });

  it("a token that comes back as a repeated nextCursor: PaginationError is scrubbed", async () => {
    server = await startHostileServer((_request, response) =>
      respondJson(200, { items: [contentItem({ id: "cnt_1" })], nextCursor: TOKEN }, response),
    );
    const error = await rejectionOf(
      clientOf(server, { apiKey: TOKEN }).content.list().toArray({ max: 50 }),
    );
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as PaginationError).cursor).toBe("[redacted]");
    expect(everyRendering(error)).not.toContain(FRAGMENT);
  });

  it("a token cut at the 200-character excerpt of an error page leaves none of it", async () => {
    for (const cut of [6, 14, 30, TOKEN.length - 1]) {
      const page = `${"x".repeat(200 - cut)}${TOKEN} and more`;
      server = await startHostileServer((_request, response) => {
        response.writeHead(404, { "content-type": "text/html" });
        response.end(page);
      });
      const error = await rejectionOf(clientOf(server, { apiKey: TOKEN }).content.get("cnt_1"));
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).message).toMatch(/\[redacted\]$/);
      expect(everyRendering(error), `cut after ${cut}`).not.toContain(TOKEN.slice(0, cut));
      await server.close();
      server = undefined;
    }
  });

  it("a fetch failure whose cause holds the Request and its Headers: neither keeps the credential", async () => {
    const client = new Postline({
      apiKey: TOKEN,
      baseURL: "http://127.0.0.1:9",
      maxRetries: 0,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        throw Object.assign(new TypeError("proxy refused"), {
          request,
          headers: request.headers,
        });
      },
    });
    const error = await rejectionOf(client.content.get("cnt_1"));
    expect(error).toBeInstanceOf(APIConnectionError);
    const cause = (error as APIConnectionError).cause as { request: unknown; headers: Headers };
    expect(cause.headers.get("authorization")).toBeNull();
    expect(cause.request).toMatchObject({
      method: "GET",
      url: "http://127.0.0.1:9/api/v1/content/cnt_1",
    });
    expect(everyRendering(error)).not.toContain(FRAGMENT);
  });

  it("an unparseable baseURL with credentials does not echo the password", () => {
    let error: unknown;
    try {
      new Postline({ apiKey: TOKEN, baseURL: "https://someone:hunter2pw@bad host" });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(PostlineError);
    expect(everyRendering(error)).not.toContain("hunter2pw");
    expect((error as Error).message).toContain("bad host");
  });
});

describe("redaction copies", () => {
  it('a JSON "__proto__" key in an error body stays an own key, never a prototype', async () => {
    const raw = `{"__proto__":{"isAdmin":true},"error":{"code":"not_found","message":"no ${TOKEN}"}}`;
    server = await startHostileServer((_request, response) => respondJson(404, raw, response));
    const error = await rejectionOf(clientOf(server, { apiKey: TOKEN }).content.get("cnt_1"));
    expect(error).toBeInstanceOf(NotFoundError);
    const body = (error as NotFoundError).body as Record<string, unknown>;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(body.isAdmin).toBeUndefined();
    expect(Object.hasOwn(body, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(everyRendering(error)).not.toContain(FRAGMENT);
  });

  it("an abort reason holding the token is scrubbed on a copy; the caller's object is unchanged", async () => {
    server = await startHostileServer(() => {
      // Never answers: the caller's signal ends the call.
    });
    const reason = new RangeError(`gave up on ${TOKEN}`);
    const controller = new AbortController();
    const pending = rejectionOf(
      clientOf(server, { apiKey: TOKEN }).content.get("cnt_1", { signal: controller.signal }),
    );
    setTimeout(() => controller.abort(reason), 50);
    const error = await pending;
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(reason.message).toBe(`gave up on ${TOKEN}`);
    expect(reason.stack).toContain(TOKEN);
    const cause = (error as APIUserAbortError).cause;
    expect(cause).not.toBe(reason);
    expect(cause).toBeInstanceOf(RangeError);
    expect((cause as Error).message).toBe("gave up on [redacted]");
    expect(everyRendering(error)).not.toContain(FRAGMENT);
  });
});
