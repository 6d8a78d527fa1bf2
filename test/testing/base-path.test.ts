/**
 * The fake serves the API at one base URL: `/api/v1` under another path (a wrong
 * `POSTLINE_BASE_URL`) answers 404 naming the base URL served, over HTTP, through msw and through
 * `service.fetch`, as the real service would not answer it either.
 */
import { setupServer } from "msw/node";
import { afterEach, describe, expect, it } from "vitest";
import {
  createFakeService,
  type FakeServer,
  type FakeService,
  handlers,
  startFakeServer,
} from "../../src/testing/index.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const read = (service: FakeService, fetcher: typeof fetch, url: string) =>
  fetcher(url, { headers: { authorization: `Bearer ${service.defaults.apiKey}` } });

async function refusal(response: Response) {
  expect(response.status).toBe(404);
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe("the fake's base URL", () => {
  it("over HTTP, /foo/api/v1 answers 404 naming the base URL served; the root's /api/v1 answers", async () => {
    const service = createFakeService();
    server = await startFakeServer(service);
    const wrong = await refusal(await read(service, fetch, `${server.url}/foo/api/v1/channels`));
    expect(wrong.code).toBe("not_found");
    expect(wrong.message).toContain(`${server.url}/api/v1`);
    expect((await read(service, fetch, `${server.url}/api/v1/channels`)).status).toBe(200);
    expect(service.requests.map((entry) => entry.status)).toEqual([404, 200]);
  });

  it("through service.fetch, only the path of defaults.baseURL is served", async () => {
    const service = createFakeService({ baseURL: "https://api.example.test/postline" });
    const { baseURL } = service.defaults;
    expect((await read(service, service.fetch, `${baseURL}/api/v1/channels`)).status).toBe(200);
    const wrong = await refusal(
      await read(service, service.fetch, "https://api.example.test/api/v1/channels"),
    );
    expect(wrong.message).toContain("https://api.example.test/postline/api/v1");
  });

  it("through msw handlers, /api/v1 under another path of the origin answers 404, not the network", async () => {
    const service = createFakeService();
    const mock = setupServer(
      ...handlers(service),
      ...handlers(service, { baseURL: "https://other.postline.test/v2" }),
    );
    mock.listen();
    try {
      const { baseURL } = service.defaults;
      expect((await read(service, fetch, `${baseURL}/api/v1/channels`)).status).toBe(200);
      const wrong = await refusal(await read(service, fetch, `${baseURL}/foo/api/v1/channels`));
      expect(wrong.message).toContain(`${baseURL}/api/v1`);
      expect(
        (await read(service, fetch, "https://other.postline.test/v2/api/v1/channels")).status,
      ).toBe(200);
      const other = await refusal(
        await read(service, fetch, "https://other.postline.test/api/v1/channels"),
      );
      expect(other.message).toContain("https://other.postline.test/v2/api/v1");
    } finally {
      mock.close();
    }
  });
});
