import { terminalSafe } from "./terminal-text.js";

/** Where a command reads and writes: the process's own streams, or a test's. */
export interface CliIO {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The process's streams and environment. */
export function processIO(): CliIO {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env };
}

/** Writes a help (or the version) to stdout; returns the exit code, 0. */
export function showHelp(io: CliIO, help: string): number {
  io.stdout.write(help);
  return 0;
}

/**
 * What a command that serves until stopped prints once it listens: its `lines`, the `export`
 * line that points a client at it, and how to stop it; terminal-safe.
 */
export function listeningText(lines: readonly string[], exports: string): string {
  return [...lines, "", `  export ${exports}`, "", "Press Ctrl-C to stop.", ""]
    .map(terminalSafe)
    .join("\n");
}

/** Resolves on the first SIGINT or SIGTERM (Ctrl-C, `kill`), with the signal's name. */
export function untilStopped(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve(signal);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
