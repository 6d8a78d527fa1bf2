/**
 * Many workers on one key: three worker processes share one pacing store on Redis, so together
 * they stay within the key's budget (10 creates and 60 other calls a minute), see one another's
 * `429` holds, and never adopt the same item when reconciling. With default options, 15 creates
 * from three processes all succeed: the eleventh waits for the first window to pass. Each worker
 * is this file, started again as a child process.
 *
 *   REDIS_URL=redis://127.0.0.1:6379 npx tsx examples/fleet-workers.ts
 *
 * Runs against the contract fake over HTTP on 127.0.0.1 (the workers are separate processes, so
 * they need a real server), or against POSTLINE_BASE_URL with POSTLINE_API_KEY. Needs Redis:
 * without REDIS_URL it says so and exits.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createClient } from "redis";
import { Postline } from "../src/index.js";
import { createRedisStore } from "../src/redis/index.js";
import { createFakeService, startFakeServer } from "../src/testing/index.js";
import { expectThat } from "./support/expect-that.js";
import { skipExample } from "./support/skipped.js";

const WORKERS = 3;
const DRAFTS_PER_WORKER = 5;
const READS_PER_WORKER = 15;

/** One worker: a client on the shared store, its drafts and reads, then a summary line. */
async function work(): Promise<void> {
  const redis = await createClient({ url: process.env.REDIS_URL ?? "" }).connect();
  try {
    const client = new Postline({
      apiKey: process.env.POSTLINE_API_KEY,
      baseURL: process.env.POSTLINE_BASE_URL,
      // Every worker names the same store (same Redis, same prefix): one budget for the key.
      rateLimit: { store: createRedisStore({ client: redis, prefix: process.env.FLEET_PREFIX }) },
    });
    const [channel] = await client.channels.list();
    const worker = process.env.FLEET_WORKER;
    const drafts = await Promise.all(
      Array.from({ length: DRAFTS_PER_WORKER }, (_, i) =>
        client.content.createDraft({
          channelId: channel!.id,
          body: `Fleet example: worker ${worker}, draft ${i + 1} (${randomUUID().slice(0, 8)})`,
        }),
      ),
    );
    await Promise.all(
      Array.from({ length: READS_PER_WORKER - 1 }, () => client.content.listPage({ limit: 5 })),
    );
    console.log(`  worker ${worker}: ${drafts.length} drafts, ${READS_PER_WORKER} reads`);
    await Promise.all(drafts.map((draft) => client.content.delete(draft.id)));
  } finally {
    await redis.close();
  }
}

/** Starts the workers as child processes and checks what the service saw. */
async function coordinate(): Promise<void> {
  if (!process.env.REDIS_URL) {
    if (process.env.POSTLINE_REQUIRE_REDIS) throw new Error("REDIS_URL is not set");
    skipExample("fleet workers", "set REDIS_URL to a Redis server to run it");
    return;
  }
  console.log(`\n▶ fleet workers (${WORKERS} processes on one key, pacing in Redis)`);
  const live = process.env.POSTLINE_BASE_URL !== undefined;
  const service = live ? null : createFakeService();
  const server = service ? await startFakeServer(service, { port: 0 }) : null;
  try {
    const env = {
      ...process.env,
      POSTLINE_BASE_URL: server?.url ?? process.env.POSTLINE_BASE_URL,
      POSTLINE_API_KEY: service?.defaults.apiKey ?? process.env.POSTLINE_API_KEY,
      FLEET_PREFIX: `postline-example-${randomUUID().slice(0, 8)}`,
    };
    const codes = await Promise.all(
      Array.from({ length: WORKERS }, (_, index) => {
        const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
          env: { ...env, FLEET_WORKER: String(index + 1) },
          stdio: "inherit",
        });
        return new Promise<number | null>((resolve) => child.on("exit", resolve));
      }),
    );
    expectThat(
      codes.every((code) => code === 0),
      "every worker finished",
    );
    if (service) {
      const rateLimited = service.requests.filter((request) => request.status === 429).length;
      console.log(
        `  the service received ${service.requests.length} requests, ${rateLimited} 429s`,
      );
      expectThat(rateLimited === 0, "the workers together stayed within the key's budget");
      const creates = service.requests
        .filter((request) => request.method === "POST" && request.path === "/content")
        .map((request) => request.at.getTime())
        .sort((a, b) => a - b);
      expectThat(creates.length === WORKERS * DRAFTS_PER_WORKER, "every create was made once");
      const eleventhAfterMs = creates[10]! - creates[0]!;
      console.log(
        `  the eleventh create went ${(eleventhAfterMs / 1000).toFixed(1)} s after the first`,
      );
      expectThat(eleventhAfterMs >= 60_000, "the eleventh create waited for the first window");
    }
    console.log("✔ fleet workers");
  } finally {
    await server?.close();
  }
}

if (process.env.FLEET_WORKER) await work();
else await coordinate();
