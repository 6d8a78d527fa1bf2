/**
 * `postline mcp --redis <url>` joins a fleet's budget: with the fleet's creates in Redis, its
 * `get_rate_budget` over MCP reports store "shared" and the fleet's figures, and stderr says which
 * store paces. Against the built command, a real Redis (REDIS_URL) and the fake over HTTP.
 */
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { Postline } from "../../src/index.js";
import { createRedisStore } from "../../src/redis/index.js";
import { createFakeService, startFakeServer } from "../../src/testing/index.js";
import { call } from "../mcp/support/agent-session.js";
import { connectClient } from "../mcp/support/clients.js";
import {
  CLIENT_KINDS,
  type ConnectedClient,
  freshPrefix,
  REDIS_URL,
} from "./support/redis-clients.js";

const POSTLINE = fileURLToPath(new URL("../../dist/cli/postline.js", import.meta.url));
const connections: ConnectedClient[] = [];
afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
});

describe.skipIf(REDIS_URL === undefined)("postline mcp --redis", () => {
  const cases = [
    ["--redis", (url: string) => ({ args: ["--redis", url], env: {} })],
    ["POSTLINE_REDIS_URL", (url: string) => ({ args: [], env: { POSTLINE_REDIS_URL: url } })],
  ] as const;

  for (const [how, given] of cases) {
    it(`with ${how}, get_rate_budget reports the fleet's shared figures, and stderr names Redis`, async () => {
      const service = createFakeService();
      const server = await startFakeServer(service, { port: 0 });
      const prefix = freshPrefix();
      const connection = await CLIENT_KINDS["node-redis"]();
      connections.push(connection);
      // A fleet worker on the same key and store: it uses the whole create window.
      const fleet = new Postline({
        apiKey: service.defaults.apiKey,
        baseURL: server.url,
        rateLimit: { store: createRedisStore({ client: connection.client, prefix }) },
      });
      const channelId = service.defaults.channelIds[0] as string;
      for (let draft = 0; draft < 10; draft++) {
        await fleet.content.createDraft({ channelId, body: `Fleet draft ${draft}` });
      }
      await fleet.channels.list();

      const { args, env } = given(REDIS_URL!);
      let stderr = "";
      const mcp = await connectClient("2026-07-28", {
        command: process.execPath,
        args: [POSTLINE, "mcp", ...args],
        env: {
          PATH: process.env.PATH ?? "",
          POSTLINE_BASE_URL: server.url,
          POSTLINE_API_KEY: service.defaults.apiKey,
          POSTLINE_REDIS_PREFIX: prefix,
          ...env,
        },
        onStderr: (text) => {
          stderr += text;
        },
      });
      try {
        const budget = await call(mcp, "get_rate_budget", {});
        expect(budget.json).toMatchObject({
          store: "shared",
          create: { limit: 10, counting: 10 },
          other: { limit: 60, counting: 1 },
        });
        expect(stderr).toContain(
          `postline mcp: pacing in Redis at redis://${new URL(REDIS_URL!).host} (redis,`,
        );
        expect(stderr).toContain(`prefix ${prefix}`);
        // The MCP process's own reads count in the same window as the fleet's.
        await call(mcp, "list_channels", {});
        expect((await fleet.rateBudget()).other).toMatchObject({ counting: 2 });
      } finally {
        await mcp.close();
        await server.close();
      }
    }, 20_000);
  }
});
