/**
 * `postline mcp --fake --http` serves its fake's routes beside `/mcp` only at a trusted `Host`: a
 * page whose DNS name is rebound to 127.0.0.1 cannot sign in as the owner, and `--allow-host`
 * names a host that may. Over real HTTP, against the built command.
 */
import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { type PostlineMcpHttp, startPostlineMcpHttp } from "./support/postline-mcp-http.js";

let server: PostlineMcpHttp | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** `POST /fake/session` with an empty body, sent with `host` as the Host header. */
function signIn(origin: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      `${origin}/fake/session`,
      { method: "POST", headers: { host, "content-type": "application/json" } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    sent.on("error", reject);
    sent.end();
  });
}

describe("postline mcp --fake --http and the Host rule", () => {
  it("refuses a rebound Host on the fake's sign-in; --allow-host lets that name in", async () => {
    server = await startPostlineMcpHttp();
    const origin = new URL(server.url).origin;
    expect(await signIn(origin, "rebound.evil.example")).toBe(403);
    expect(await signIn(origin, new URL(origin).host)).toBe(201);
    await server.stop();

    server = await startPostlineMcpHttp(["--allow-host", "fake.internal"]);
    const allowed = new URL(server.url).origin;
    expect(await signIn(allowed, "fake.internal")).toBe(201);
    expect(await signIn(allowed, "rebound.evil.example")).toBe(403);
  });
});
