import { afterEach, describe, expect, it, vi } from "vitest";
import { contentItem } from "../support/fixtures.js";
import { makeClient } from "../support/server.js";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A `fetch` that records what it was given and answers one item. */
function recordingFetch() {
  const calls: { input: unknown; init: RequestInit | undefined }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    calls.push({ input, init });
    return Response.json(contentItem());
  };
  return { calls, fetch };
}

describe("the attempt's signal reaches fetch beside ky", () => {
  it("fetch gets the attempt's signal as init.signal, without the option that carried it", async () => {
    const { calls, fetch } = recordingFetch();
    await makeClient({ fetch }).content.get("item_1");
    expect(calls).toHaveLength(1);
    const init = calls[0]!.init as Record<string, unknown>;
    expect(init.signal).toBeInstanceOf(AbortSignal);
    // The carrier option is taken off before fetch sees the init.
    expect("attemptSignal" in init).toBe(false);
  });

  it("a call joins no signals: ky is handed none, so it never calls AbortSignal.any", async () => {
    const any = vi.spyOn(AbortSignal, "any");
    const { fetch } = recordingFetch();
    await makeClient({ fetch }).content.get("item_1");
    expect(any).not.toHaveBeenCalled();
  });

  it("the signal fetch gets is aborted when the caller aborts the call", async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const fetch: typeof globalThis.fetch = (_input, init) => {
      seen = init?.signal ?? undefined;
      controller.abort(new Error("stop"));
      return new Promise<Response>(() => {});
    };
    const call = makeClient({ fetch }).content.get("item_1", { signal: controller.signal });
    await expect(call).rejects.toThrow();
    expect(seen?.aborted).toBe(true);
  });
});
