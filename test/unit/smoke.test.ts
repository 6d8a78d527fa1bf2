import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import { NotFoundError, Postline } from "../../src/index.js";

const server = setupServer(
  http.get("https://api.test/api/v1/channels", () => HttpResponse.json({ channels: [] })),
  http.get("https://api.test/api/v1/content/x", () =>
    HttpResponse.json({ error: { code: "not_found", message: "nope" } }, { status: 404 }),
  ),
);
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterAll(() => server.close());

it("smoke", async () => {
  const client = new Postline({ apiKey: "pl_test_abcdef", baseURL: "https://api.test" });
  expect(await client.channels.list()).toEqual([]);
  await expect(client.content.get("x")).rejects.toBeInstanceOf(NotFoundError);
});
