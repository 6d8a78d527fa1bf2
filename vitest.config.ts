import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const TESTS = "test/**/*.test.ts";

/**
 * What makes a test file run in a process of its own: it fakes or counts timers (work an earlier
 * file of a shared worker left running, such as a claim the SDK retries in the background while
 * a shared store is down, would arm timers it sees), or it says `@own-process` (it proves what
 * importing the SDK does, which needs a module graph no other file has loaded).
 */
const NEEDS_OWN_PROCESS = /vi\.useFakeTimers|vi\.spyOn\(globalThis|@own-process/;

const testFolder = new URL("./test/", import.meta.url);
const ownProcess = readdirSync(testFolder, { recursive: true, encoding: "utf8" })
  .filter((name) => name.endsWith(".test.ts"))
  .filter((name) => NEEDS_OWN_PROCESS.test(readFileSync(new URL(name, testFolder), "utf8")))
  .map((name) => `test/${name.replaceAll("\\", "/")}`);

export default defineConfig({
  test: {
    environment: "node",
    // The last line says how many tests skipped for want of Redis or Chromium, and how to run them.
    // A --reporter on the command line (CI's JSON report) replaces this list.
    reporters: [
      "default",
      fileURLToPath(new URL("test/support/skipped-tests-note.ts", import.meta.url)),
    ],
    testTimeout: 20_000,
    // Most of the suite's time is real time spent waiting (rate windows, Redis stalls, child
    // processes), not CPU: two files at a time even on two cores, where vitest would run one
    // (123 s instead of 220 s there). A file that stalls a Redis server starts its own.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // expect.poll gives up after 1 s by default: a child process's first line can take longer
    // on a loaded machine. A poll still ends as soon as its condition holds.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: [TESTS],
          exclude: ownProcess,
          // A worker loads the SDK, msw and zod once for its files, not once per file (the suite
          // took 218 s instead of 297 s on two cores). Every file undoes what it changes: stubs,
          // servers, child processes.
          isolate: false,
        },
      },
      { extends: true, test: { name: "own-process", include: ownProcess, isolate: true } },
    ],
  },
});
