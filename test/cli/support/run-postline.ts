/** Runs the built `postline` command in a child process, as a user's shell would. */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

export const POSTLINE = fileURLToPath(new URL("../../../dist/cli/postline.js", import.meta.url));

/** An environment without the two POSTLINE_ variables, plus `extra`. */
export function envWith(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { POSTLINE_API_KEY: _key, POSTLINE_BASE_URL: _url, ...rest } = process.env;
  return { ...rest, ...extra };
}

/** Starts `postline ...args`. */
export function startPostline(args: string[], env = envWith()): ChildProcessWithoutNullStreams {
  expect(existsSync(POSTLINE), "dist/cli/postline.js exists: run npm run build first").toBe(true);
  return spawn(process.execPath, [POSTLINE, ...args], { env });
}

/** Runs `postline ...args` to its end. */
export async function runPostline(
  args: string[],
  env = envWith(),
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = startPostline(args, env);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, stdout, stderr };
}

/** Resolves with the first line the child writes to stdout. */
export function firstLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = "";
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const end = buffered.indexOf("\n");
      if (end === -1) return;
      child.stdout.off("data", onData);
      resolve(buffered.slice(0, end));
    };
    child.stdout.on("data", onData);
    child.once("close", (code) => reject(new Error(`postline exited (${code}) before a line`)));
  });
}

/** Resolves with the exit code once the child has exited. */
export function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("close", (code) => resolve(code)));
}
