import type { RequestHandler } from "msw";
import { setupServer } from "msw/node";
import { Postline } from "../../src/index.js";
import { createFakeService, handlers } from "../../src/testing/index.js";

/**
 * A fresh contract fake behind msw, and a client for it that neither paces nor retries.
 * `providerHandlers` serve other APIs on the same msw server (a model provider faked for a test).
 */
export function openFakeSession(...providerHandlers: RequestHandler[]) {
  const service = createFakeService();
  const server = setupServer(...handlers(service), ...providerHandlers);
  server.listen({ onUnhandledFrame: "error" });
  const { apiKey, baseURL, channelIds } = service.defaults;
  // No pacing and no retries: the tests see each answer of the fake as it is.
  const client = new Postline({ apiKey, baseURL, maxRetries: 0, rateLimit: false });

  /** Calls the fake over HTTP directly, to compare a tool's answer with the service's own. */
  async function rawRequest(method: string, path: string, body?: unknown) {
    const root = baseURL.replace(/\/+$/, "");
    const url = `${root.endsWith("/api/v1") ? root : `${root}/api/v1`}${path}`;
    const response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  return { service, client, apiKey, channelIds, rawRequest, close: () => server.close() };
}

export type FakeSession = ReturnType<typeof openFakeSession>;
