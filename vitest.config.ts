import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
    // The last line says how many tests skipped for want of Redis or Chromium, and how to run them.
    // A --reporter on the command line (CI's JSON report) replaces this list.
    reporters: [
      "default",
      fileURLToPath(new URL("test/support/skipped-tests-note.ts", import.meta.url)),
    ],
    testTimeout: 20_000,
    // expect.poll gives up after 1 s by default: a child process's first line can take longer
    // on a loaded machine. A poll still ends as soon as its condition holds.
    expect: { poll: { timeout: 10_000 } },
  },
});
