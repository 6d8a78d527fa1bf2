/**
 * The built `postline mcp --http --fake` (dist/cli/postline.js), started for a test file: the
 * URL it prints on stdout, what it has written to stderr so far, and a stop that waits for it
 * to exit.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

const POSTLINE = fileURLToPath(new URL("../../../dist/cli/postline.js", import.meta.url));

/** A running `postline mcp --http --fake`. */
export interface PostlineMcpHttp {
  /** The MCP endpoint's URL, as the command printed it (its first line). */
  readonly url: string;
  /** Everything written to stdout so far. */
  stdout(): string;
  /** Everything written to stderr so far (one line per request with `--log`). */
  stderr(): string;
  /** Ends the process and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts `postline mcp --http --fake` with `args` added (and `env`), and waits for its URL.
 * `fake: false` leaves `--fake` out: the service is then the one `env` names.
 */
export async function startPostlineMcpHttp(
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = process.env,
  { fake = true }: { readonly fake?: boolean } = {},
): Promise<PostlineMcpHttp> {
  expect(existsSync(POSTLINE), "dist/cli/postline.js exists: run npm run build first").toBe(true);
  const mode = fake ? ["--fake"] : [];
  const child = spawn(process.execPath, [POSTLINE, "mcp", "--http", ...mode, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env,
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let printed = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes("\n")) resolve(printed.slice(0, printed.indexOf("\n")).trim());
    });
    child.once("exit", (code) => reject(new Error(`postline mcp --http exited with ${code}`)));
  });
  return {
    url,
    stdout: () => printed,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}
