/**
 * One fake per test: the SDK client (no pacing, no retries) against a fresh model behind msw, a
 * raw `fetch` for wire-level assertions, and a check of every answer the fake gives against the
 * SDK's own schemas.
 */
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { Postline } from "../../../src/index.js";
import {
  createFakeService,
  type FakeService,
  type FakeServiceSeed,
  handlers,
} from "../../../src/testing/index.js";
import { schemaProblems } from "./response-schemas.js";

/** A Monday morning, before the week's first slot: planned times are ahead. */
export const MONDAY_MORNING = "2026-10-05T07:00:00.000Z";

export interface RawAnswer {
  status: number;
  headers: Headers;
  body: any;
}

export interface FakeContext {
  service: FakeService;
  client: Postline;
  /** Calls the fake over HTTP without the SDK. */
  raw(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string | null; rawBody?: string },
  ): Promise<RawAnswer>;
  /** A client with another token. */
  clientFor(apiKey: string): Postline;
}

/**
 * Registers the lifecycle hooks of a contract test file and returns the current test's context.
 * @param seedFor the seed of each test's fresh fake (the clock is frozen on a Monday morning).
 */
export function useFake(seedFor: () => FakeServiceSeed = () => ({})): FakeContext {
  const server = setupServer();
  const problems: string[] = [];
  const context = {} as FakeContext;
  beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
  afterAll(() => server.close());
  beforeEach(() => {
    problems.length = 0;
    const service = createFakeService({ now: MONDAY_MORNING, ...seedFor() });
    watchSchemas(service, problems);
    server.resetHandlers(...handlers(service));
    const { apiKey, baseURL } = service.defaults;
    context.service = service;
    context.clientFor = (key) =>
      new Postline({ apiKey: key, baseURL, rateLimit: false, maxRetries: 0 });
    context.client = context.clientFor(apiKey);
    context.raw = async (method, path, options = {}) => {
      const headers: Record<string, string> = { "content-type": "application/json" };
      const token = options.token === undefined ? apiKey : options.token;
      if (token !== null) headers.authorization = `Bearer ${token}`;
      const response = await fetch(`${baseURL}/api/v1${path}`, {
        method,
        headers,
        ...(options.rawBody !== undefined
          ? { body: options.rawBody }
          : options.body === undefined
            ? {}
            : { body: JSON.stringify(options.body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: text === "" ? undefined : JSON.parse(text),
      };
    };
  });
  afterEach(() => {
    expect(problems, "every answer of the fake matches the SDK's schemas").toEqual([]);
  });
  return context;
}

/** Checks every unfaulted answer of the fake against the schema of its route. */
function watchSchemas(service: FakeService, problems: string[]): void {
  const handle = service.handle.bind(service);
  service.handle = async (request) => {
    const outcome = await handle(request);
    const entry = service.requests.at(-1);
    if (outcome.kind === "response" && entry && entry.fault === undefined) {
      problems.push(...schemaProblems(entry.method, entry.path, outcome.response));
    }
    return outcome;
  };
}
