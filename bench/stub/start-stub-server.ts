import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const SERVER_SCRIPT = fileURLToPath(new URL("./server.mjs", import.meta.url));
const START_TIMEOUT_MS = 10_000;

/** The loopback stub, running in its own process so its CPU time is not the bench's. */
export interface StubServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly origin: string;
  /** Requests the stub answered since the last `resetCounts`, by route. */
  counts(): Promise<Record<string, number>>;
  resetCounts(): Promise<void>;
  stop(): Promise<void>;
}

async function readPort(child: ChildProcess): Promise<number> {
  if (!child.stdout) throw new Error("stub server has no stdout");
  const lines = createInterface({ input: child.stdout });
  const timeout = AbortSignal.timeout(START_TIMEOUT_MS);
  const [firstLine] = (await once(lines, "line", { signal: timeout })) as [string];
  lines.close();
  const port = (JSON.parse(firstLine) as { port?: unknown }).port;
  if (typeof port !== "number") throw new Error(`stub server said ${firstLine}`);
  return port;
}

/** How the stub answers; the bench's own runs use the defaults. */
export interface StubOptions {
  /** `full` (default): every field of §2.1; `partial`: the shape the bench served before. */
  readonly itemShape?: "full" | "partial";
  /** Bodies without a `Content-Length` (chunked), as a streaming server sends them. */
  readonly chunked?: boolean;
}

/** Starts `bench/stub/server.mjs` on 127.0.0.1 with an ephemeral port. */
export async function startStubServer(options: StubOptions = {}): Promise<StubServer> {
  const args = [SERVER_SCRIPT, "--item-shape", options.itemShape ?? "full"];
  if (options.chunked) args.push("--chunked");
  const child = spawn(process.execPath, args, {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = once(child, "exit");
  const port = await readPort(child);
  const origin = `http://127.0.0.1:${port}`;
  // Stop the stub even when the bench throws, so no stray process outlives it.
  const stopOnExit = () => child.kill("SIGTERM");
  process.once("exit", stopOnExit);

  return {
    origin,
    async counts() {
      const response = await fetch(`${origin}/__counts`);
      return (await response.json()) as Record<string, number>;
    },
    async resetCounts() {
      await (await fetch(`${origin}/__reset`)).text();
    },
    async stop() {
      process.off("exit", stopOnExit);
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
