/**
 * The API never redirects (api-v1.md has no 3xx). A redirect from something in between (a proxy
 * adding a trailing slash, a wrong baseURL) is never followed, for any method: a followed `POST`
 * would turn into a `GET` that reports success while nothing was written. Each 3xx becomes an
 * `APIError` with code `unexpected_response` that says where it pointed. docs/retries.md.
 */
import { afterEach, describe, expect, it } from "vitest";
import { APIError } from "../../src/index.js";
import { contentItem } from "../support/fixtures.js";
import { clientOf, type HostileServer, startHostileServer } from "../support/hostile-server.js";

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Redirects every request on `/api/v1/...` to the same path with a trailing slash, with `status`. */
async function redirectingServer(status: number) {
  return startHostileServer((request, response) => {
    const url = request.url ?? "/";
    if (url.endsWith("/")) {
      // Where the redirect points: an older item, shaped like every answer the SDK could expect.
      const older = contentItem({ id: "cnt_older", status: "draft" });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ...older, item: older, items: [older], nextCursor: null }));
      return;
    }
    response.writeHead(status, { location: `${url}/` });
    response.end();
  });
}

async function failureOf(call: Promise<unknown>): Promise<APIError> {
  const error = await call.then(
    (value) => {
      throw new Error(`expected a failure, got ${JSON.stringify(value)}`);
    },
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(APIError);
  return error as APIError;
}

describe.each([301, 302, 303, 307, 308])("a %i redirect", (status) => {
  it("on createDraft is not followed: nothing is read back as if created", async () => {
    server = await redirectingServer(status);
    const error = await failureOf(
      clientOf(server).content.createDraft({ channelId: "ch_x", body: "Hello" }),
    );
    expect(error).toMatchObject({ status, code: "unexpected_response", retryable: false });
    expect(error.message).toMatch(/never redirects/);
    expect(error.message).toContain("/api/v1/content/");
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /api/v1/content"]);
  });

  it("on schedule({ publishNow }) is not followed", async () => {
    server = await redirectingServer(status);
    const error = await failureOf(clientOf(server).content.schedule("cnt_1", { publishNow: true }));
    expect(error).toMatchObject({ status, code: "unexpected_response" });
    expect(server.requests).toHaveLength(1);
  });

  it("on a read is not followed either, nor retried", async () => {
    server = await redirectingServer(status);
    const error = await failureOf(clientOf(server, { maxRetries: 2 }).content.get("cnt_1"));
    expect(error).toMatchObject({ status, code: "unexpected_response", retryable: false });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /api/v1/content/cnt_1",
    ]);
  });
});
