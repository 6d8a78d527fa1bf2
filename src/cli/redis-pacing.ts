/**
 * `postline mcp --redis <url>` (or `POSTLINE_REDIS_URL`): the tools pace on a fleet's Redis
 * store, sharing one budget with every client on the same key and prefix (docs/retries.md, "Many
 * workers on one key"). The client library is whichever of the optional peers is installed,
 * `redis` first, then `ioredis`; neither is loaded without the flag.
 */
import type { PacingStore } from "../core/pacing/pacing-store.js";
import type { SpentTickets } from "../tools/approval/index.js";
import { isMissingModule } from "./missing-module.js";
import { UsageError } from "./usage-error.js";

/** A connected store, and how to let go of its connection. */
export interface RedisPacing {
  readonly store: PacingStore;
  /** The approval tickets that decided, shared by every process on this Redis. */
  readonly spentTickets: SpentTickets;
  /** What stderr says paces: the library and the server, without the URL's password. */
  readonly description: string;
  close(): Promise<void>;
}

/** `--redis`, else `POSTLINE_REDIS_URL`; `undefined` when neither is set. */
export function redisUrlOf(flag: string | undefined, env: string | undefined): string | undefined {
  const given = flag ?? (env?.trim() || undefined);
  if (given === undefined) return undefined;
  const source = flag === undefined ? "POSTLINE_REDIS_URL" : "--redis";
  if (!URL.canParse(given))
    throw new UsageError(`${source} must be a Redis URL, e.g. redis://127.0.0.1:6379`, "mcp");
  const url = new URL(given);
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw new UsageError(
      `${source} must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379`,
      "mcp",
    );
  }
  return given;
}

/** Connects to Redis at `url` and builds the store on it (key prefix `prefix`, default postline). */
export async function connectRedisPacing(
  url: string,
  prefix: string | undefined,
): Promise<RedisPacing> {
  const { createRedisStore } = await import("../redis/redis-store.js");
  const { redisSpentTickets } = await import("../redis/spent-tickets.js");
  const connection = await connect(url);
  const where = new URL(url);
  const server = `${where.protocol}//${where.host}${where.pathname === "/" ? "" : where.pathname}`;
  return {
    store: createRedisStore({ client: connection.client, prefix }),
    spentTickets: redisSpentTickets(connection.client, prefix),
    description: `Redis at ${server} (${connection.library}, prefix ${prefix ?? "postline"})`,
    close: connection.close,
  };
}

async function connect(url: string) {
  const redis = await importOptional("redis");
  if (redis) {
    let connected = false;
    const client = redis.createClient({
      url,
      // A server that cannot be reached at start is refused at once; later outages reconnect.
      socket: {
        reconnectStrategy: (retries: number, cause: Error) =>
          connected ? Math.min(100 * 2 ** retries, 2_000) : cause,
      },
    });
    client.on("error", () => undefined); // The store counts failures and paces in process.
    await connectOrRefuse(() => client.connect(), url);
    connected = true;
    return { client, library: "redis", close: () => client.close().then(() => undefined) };
  }
  const ioredis = await importOptional("ioredis");
  if (ioredis) {
    const client = new ioredis.Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    client.on("error", () => undefined);
    await connectOrRefuse(() => client.connect(), url);
    return { client, library: "ioredis", close: async () => void client.disconnect() };
  }
  throw new UsageError(
    "--redis needs a Redis client library, the optional peer dependency redis or ioredis: npm install redis",
    "mcp",
  );
}

async function connectOrRefuse(open: () => Promise<unknown>, url: string): Promise<void> {
  try {
    await open();
  } catch (error) {
    const { host } = new URL(url);
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(
      `could not connect to Redis at ${host}: ${reason.split(url).join(host)}`,
      "mcp",
    );
  }
}

async function importOptional<Name extends "redis" | "ioredis">(
  name: Name,
): Promise<(Name extends "redis" ? typeof import("redis") : typeof import("ioredis")) | undefined> {
  try {
    return (await import(name)) as never;
  } catch (error) {
    if (isMissingModule(error, name)) return undefined;
    throw error;
  }
}
