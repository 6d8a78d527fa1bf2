/**
 * Writes that must reach Redis even when their first try times out: giving back a place in line
 * or a slot, and settling a slot. Lost, each would hold a slot nobody uses until its lease ends
 * (the attempt's timeout plus a window: two minutes with default options). Each is safe to run
 * twice (lua-scripts.ts), so it is simply sent again until Redis answers. A reply of the wrong
 * shape is an answer: a server that gives one is not sent the write again.
 */

import { sleepInBackground } from "../core/timers.js";
import { MalformedReplyError } from "./redis-replies.js";

/** The first wait before sending again; it doubles up to {@link RETRY_AT_MOST_EVERY_MS}. */
const FIRST_RETRY_AFTER_MS = 250;
const RETRY_AT_MOST_EVERY_MS = 10_000;

/**
 * Sends `write`, and if it fails, sends it again in the background until it succeeds or `forMs`
 * has passed (after that the slot has freed itself). Resolves or rejects with the first try.
 */
export function deliver(write: () => Promise<unknown>, forMs: number): Promise<void> {
  const first = write().then(() => undefined);
  first.catch((error: unknown) => {
    if (!(error instanceof MalformedReplyError)) void sendAgain(write, Date.now() + forMs);
  });
  return first;
}

async function sendAgain(write: () => Promise<unknown>, until: number): Promise<void> {
  for (let delay = FIRST_RETRY_AFTER_MS; Date.now() + delay < until; ) {
    // A write still waiting for Redis never keeps a process alive.
    await sleepInBackground(delay);
    try {
      await write();
      return;
    } catch (error) {
      if (error instanceof MalformedReplyError) return;
      delay = Math.min(2 * delay, RETRY_AT_MOST_EVERY_MS);
    }
  }
}
