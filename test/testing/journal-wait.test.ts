/**
 * The long-poll of `GET /fake/requests` (`wait=&count=`): an open wait matches each new request
 * alone, so open waits do not make every request recount the whole log.
 */
import { describe, expect, it } from "vitest";
import { createFakeService, type JournalFilter } from "../../src/testing/index.js";
import { waitForJournal } from "../../src/testing/tooling/watch/request-journal.js";

/** A filter on DELETE that counts how often it is read: a few reads per entry matched. */
function countingFilter() {
  const seen = { entries: 0 };
  const filter = new Proxy({ after: 0, method: "DELETE" } as JournalFilter, {
    get(target, key) {
      if (key === "method") seen.entries += 1;
      return target[key as keyof JournalFilter];
    },
  });
  return { filter, seen };
}

const request = (service: ReturnType<typeof createFakeService>, method = "GET") =>
  service.handle({ method, url: `${service.defaults.baseURL}/channels`, headers: {} });

describe("the journal's long-poll", () => {
  it("each open wait examines one entry per new request, not the whole log", async () => {
    const service = createFakeService();
    for (let index = 0; index < 2_000; index++) await request(service);
    const abort = new AbortController();
    const waits = Array.from({ length: 8 }, () => {
      const counting = countingFilter();
      const done = waitForJournal(service, counting.filter, 1, 30_000, abort.signal);
      return { ...counting, done };
    });
    for (const wait of waits) wait.seen.entries = 0;
    await request(service);
    await request(service);
    // Two new requests: a few reads each, where recounting the log read it for all 2,002 entries.
    for (const wait of waits) expect(wait.seen.entries).toBeLessThanOrEqual(2 * 2);
    await request(service, "DELETE");
    expect(await Promise.all(waits.map((wait) => wait.done))).toEqual(Array(8).fill(true));
    abort.abort();
  });

  it("a wait that ends unreached resolves false, and an aborted one at once", async () => {
    const service = createFakeService();
    const abort = new AbortController();
    const waiting = waitForJournal(service, { after: 0 }, 3, 30_000, abort.signal);
    await request(service);
    abort.abort();
    expect(await waiting).toBe(false);
  });
});
