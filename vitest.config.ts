import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    // expect.poll gives up after 1 s by default: a child process's first line can take longer
    // on a loaded machine. A poll still ends as soon as its condition holds.
    expect: { poll: { timeout: 10_000 } },
  },
});
