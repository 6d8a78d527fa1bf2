/**
 * What one process leaves for another: a `MemorySaver`'s saved checkpoints as JSON (its byte
 * arrays as base64), and a review store kept in a JSON file, so a test can edit or move what
 * was saved between the question and the answer.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { MemorySaver } from "@langchain/langgraph";
import type { PendingReviewStore } from "../../../src/frameworks/langchain.js";

const BYTES = "__bytes";

/** The checkpointer's saved data as JSON text. */
export function savedCheckpoints(saver: MemorySaver): string {
  const { storage, writes } = saver as unknown as { storage: unknown; writes: unknown };
  return JSON.stringify({ storage, writes }, (_key, value) =>
    value instanceof Uint8Array ? { [BYTES]: Buffer.from(value).toString("base64") } : value,
  );
}

/** Loads saved data into a fresh checkpointer. */
export function restoreCheckpoints(saver: MemorySaver, saved: string): MemorySaver {
  const data = JSON.parse(saved, (_key, value) =>
    value !== null && typeof value === "object" && BYTES in value
      ? new Uint8Array(Buffer.from(value[BYTES] as string, "base64"))
      : value,
  ) as { storage: object; writes: object };
  Object.assign(saver as unknown as object, data);
  return saver;
}

/** A review store in a JSON file: what several processes share, and what a test can tamper. */
export function fileReviewStore(path: string): PendingReviewStore {
  const read = (): Record<string, never> => {
    try {
      return JSON.parse(readFileSync(path, "utf8")) as Record<string, never>;
    } catch {
      return {};
    }
  };
  return {
    get: (id) => read()[id],
    set: (id, review) => writeFileSync(path, JSON.stringify({ ...read(), [id]: review })),
    delete: (id) => {
      const { [id]: _gone, ...rest } = read();
      writeFileSync(path, JSON.stringify(rest));
    },
  };
}
