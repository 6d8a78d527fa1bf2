import type { ServerContext } from "@modelcontextprotocol/server";
import type { RateLimitWaitEvent } from "../../core/observe/hooks.js";

/** How often a waiting tool call tells the host it is still waiting. */
const PROGRESS_EVERY_MS = 10_000;

/**
 * Progress for one tool call whose host asked for it (a `progressToken`): a notification when
 * the call starts waiting for a rate-limit slot, then one every 10 s with the time left, until
 * the tool call ends (`end`). MCP hosts give a tool about a minute; these tell them, and the
 * person watching, that the call is waiting its turn, not stuck.
 */
export function waitProgress(
  ctx: ServerContext,
  progressToken: string | number,
): {
  /** The per-call `onRateLimitWait` to hand to the tool's requests. */
  readonly onRateLimitWait: (event: RateLimitWaitEvent) => void;
  readonly end: () => void;
} {
  let ticks = 0;
  let slotAt: number | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  const notify = (what: string) => {
    ticks += 1;
    const leftSeconds = Math.max(0, Math.ceil(((slotAt ?? Date.now()) - Date.now()) / 1000));
    const message = `${what}; expected in about ${leftSeconds} s`;
    // A host that went away cannot be told; the call itself goes on.
    const params = { progressToken, progress: ticks, message };
    ctx.mcpReq.notify({ method: "notifications/progress", params }).catch(() => {});
  };
  return {
    onRateLimitWait: (event) => {
      slotAt = Date.now() + event.expectedWaitMs;
      notify(`waiting for a rate-limit slot (place ${event.queuePosition} in line)`);
      timer ??= setInterval(() => notify("still waiting for a rate-limit slot"), PROGRESS_EVERY_MS);
      timer.unref?.();
    },
    end: () => {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
