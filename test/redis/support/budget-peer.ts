/**
 * A second process on the shared key, for the fleet-wide `rateBudget()` test: a Postline client
 * on the Redis store (through ioredis, where the test's own client uses node-redis) that lists
 * the channels `CALLS` times, says `ready`, then answers each `read` line on stdin with its
 * `rateBudget()` as one JSON line. Environment: BASE_URL, API_KEY, REDIS_URL, PREFIX, CALLS.
 */
import { createInterface } from "node:readline";
import { Redis } from "ioredis";
import { Postline } from "../../../src/index.js";
import { createRedisStore } from "../../../src/redis/index.js";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`budget peer: ${name} is not set`);
  return value;
};

const redis = new Redis(env("REDIS_URL"), { lazyConnect: true, maxRetriesPerRequest: 0 });
await redis.connect();
const client = new Postline({
  apiKey: env("API_KEY"),
  baseURL: env("BASE_URL"),
  rateLimit: { store: createRedisStore({ client: redis, prefix: env("PREFIX") }) },
});
for (let call = 0; call < Number(env("CALLS")); call++) await client.channels.list();
console.log(JSON.stringify({ ready: true }));
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === "read") console.log(JSON.stringify(await client.rateBudget()));
}
redis.disconnect();
