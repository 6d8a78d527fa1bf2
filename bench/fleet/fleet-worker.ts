/**
 * One worker of the fleet bench, started as a child process by `run-fleet.ts`: one client on the
 * shared key, its share of the calls fired at once, then one JSON line of what happened.
 * Environment: BASE_URL, API_KEY, CHANNEL_ID, CREATES, OTHERS, WORKER, STORE (`redis` or
 * `memory`), REDIS_URL and PREFIX for `redis`.
 */
import { createClient } from "redis";
import { Postline, RateLimitError } from "../../src/index.js";
import { createRedisStore, type NodeRedisLikeClient } from "../../src/redis/index.js";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`fleet worker: ${name} is not set`);
  return value;
};

let redisCommands = 0;
const store = env("STORE");
let close = async () => {};
let rateLimit: ConstructorParameters<typeof Postline>[0] extends infer O
  ? O extends { rateLimit?: infer R }
    ? R
    : never
  : never = true;
if (store === "redis") {
  const redis = createClient({ url: env("REDIS_URL") });
  redis.on("error", () => undefined);
  await redis.connect();
  // Counts every command this worker sends to Redis.
  const counted: NodeRedisLikeClient = {
    sendCommand: (args) => {
      redisCommands += 1;
      return redis.sendCommand(args);
    },
  };
  rateLimit = { store: createRedisStore({ client: counted, prefix: env("PREFIX") }) };
  close = async () => {
    await redis.close();
  };
}

const worker = env("WORKER");
let storeOutages = 0;
const client = new Postline({
  apiKey: env("API_KEY"),
  baseURL: env("BASE_URL"),
  rateLimit,
  logger: {
    debug: () => undefined,
    // The one warn line per outage of the shared store.
    warn: (message) => {
      storeOutages += 1;
      console.error(`fleet worker ${worker}: ${message}`);
    },
  },
});
const channelId = env("CHANNEL_ID");
const creates = Number(env("CREATES"));
const others = Number(env("OTHERS"));

const outcomes = await Promise.allSettled([
  ...Array.from({ length: creates }, (_, i) =>
    client.content.createDraft({ channelId, body: `Fleet worker ${worker} draft ${i + 1}` }),
  ),
  ...Array.from({ length: others }, () => client.channels.list()),
]);
const failed = outcomes.filter((outcome) => outcome.status === "rejected");
console.log(
  JSON.stringify({
    worker,
    calls: outcomes.length,
    failed: failed.length,
    rateLimited: failed.filter((outcome) => outcome.reason instanceof RateLimitError).length,
    redisCommands,
    storeOutages,
    finishedAt: Date.now(),
  }),
);
await close();
