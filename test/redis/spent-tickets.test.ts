/**
 * Spent approval tickets in Redis (`postline mcp --redis`): a ticket spent through one connection
 * (one process) is spent for every other, through node-redis and ioredis.
 */
import { afterAll, describe, expect, it } from "vitest";
import { redisSpentTickets } from "../../src/redis/index.js";
import {
  CLIENT_KINDS,
  type ClientKind,
  type ConnectedClient,
  freshPrefix,
  REDIS_URL,
} from "./support/redis-clients.js";

describe.skipIf(REDIS_URL === undefined).each(Object.keys(CLIENT_KINDS) as ClientKind[])(
  "redisSpentTickets with %s",
  (kind) => {
    const connections: ConnectedClient[] = [];
    afterAll(async () => {
      await Promise.all(connections.map((connection) => connection.close()));
    });
    const processSet = async (prefix: string) => {
      const connection = await CLIENT_KINDS[kind]();
      connections.push(connection);
      return redisSpentTickets(connection.client, prefix);
    };

    it("a ticket decides once across processes, and is shared", async () => {
      const prefix = freshPrefix();
      const [one, two] = [await processSet(prefix), await processSet(prefix)];
      expect(one.shared).toBe(true);
      expect(await one.spend("card:nonce-1", 600)).toBe(true);
      expect(await two.spend("card:nonce-1", 600)).toBe(false);
      expect(await two.spend("card:nonce-2", 600)).toBe(true);
    });
  },
);
