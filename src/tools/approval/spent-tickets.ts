/**
 * The tickets that have decided: a ticket (an MCP form's `requestState`, a review card's token)
 * decides once. The default set is this process's memory, shared by every server of the process;
 * give a shared one (`postline mcp --redis`) when several processes serve one host.
 */

/** Where spent tickets are kept. */
export interface SpentTickets {
  /** Marks the ticket `id` spent for `ttlSeconds`; `false` when it already was. */
  spend(id: string, ttlSeconds: number): Promise<boolean>;
  /** Whether other processes share this set (then a card ticket decides in any of them). */
  readonly shared: boolean;
}

/** Spent tickets in this process's memory, each kept until it would have expired anyway. */
export function memorySpentTickets({ now = Date.now }: { readonly now?: () => number } = {}) {
  const spentUntil = new Map<string, number>();
  const spent: SpentTickets = {
    shared: false,
    async spend(id, ttlSeconds) {
      const at = now();
      for (const [key, until] of spentUntil) if (until <= at) spentUntil.delete(key);
      if (spentUntil.has(id)) return false;
      spentUntil.set(id, at + ttlSeconds * 1000);
      return true;
    },
  };
  return spent;
}

/** The set every server of this process shares when none is given. */
export const SPENT_IN_THIS_PROCESS: SpentTickets = memorySpentTickets();

let processId: string | undefined;

/**
 * A random id of this process: a card ticket minted here names it. Drawn on first use, since
 * some runtimes (Cloudflare Workers) refuse random values while a module loads.
 */
export function thisProcess(): string {
  processId ??= globalThis.crypto.randomUUID();
  return processId;
}
