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
