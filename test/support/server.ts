import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { Postline, type PostlineOptions } from "../../src/index.js";

export const BASE = "https://api.postline.test";
export const API = `${BASE}/api/v1`;

/** A request as the service saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/**
 * One msw server for a test file. `seen` records every request that reached it (cleared after
 * each test), so tests can assert exactly what was sent and how often.
 */
export function useServer() {
  const server = setupServer();
  const seen: SeenRequest[] = [];
  server.events.on("request:start", ({ request }) => {
    // Recorded at once (so counts never race the response); the body is filled in when read.
    const entry: SeenRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: undefined,
    };
    seen.push(entry);
    void request
      .clone()
      .text()
      .then((text) => {
        entry.body = text === "" ? undefined : JSON.parse(text);
      });
  });
  beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
  afterEach(() => {
    server.resetHandlers();
    seen.length = 0;
  });
  afterAll(() => server.close());
  return { server, seen };
}

let keyCounter = 0;
/** A test token unique to this client, so no two tests share a pacing budget. */
export function freshToken(): string {
  keyCounter += 1;
  return `pl_test_unit${keyCounter}abcdefghijklmnop`;
}

/** A client on the test base URL, unpaced and without retry waits unless asked. */
export function makeClient(options: PostlineOptions = {}): Postline {
  return new Postline({
    apiKey: freshToken(),
    baseURL: BASE,
    rateLimit: false,
    maxRetries: 0,
    ...options,
  });
}

export { HttpResponse, http };
