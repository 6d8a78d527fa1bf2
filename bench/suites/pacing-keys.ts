import { createKeyPacer } from "../../src/core/pacing/key-pacer.js";
import { createMemoryPacingStore, keysHeldBy } from "../../src/core/pacing/memory-store.js";
import { DEFAULT_PACING_GUARD_MS, PACING_WINDOW_MS } from "../../src/core/pacing/rate-budget.js";
import type { Cell, SuiteResult, TargetCheck } from "../report/suite-result.js";

/** Keys per round, each used once; rounds are a window apart. */
const KEYS_PER_ROUND = 20_000;
const ROUNDS = 5;
/** Heap after the last round may exceed the first by this much before memory counts as growing. */
const MAX_GROWTH_RATIO = 1.2;

const gc = (globalThis as { gc?: () => void }).gc;

function heapUsedMb(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / (1024 * 1024);
}

/**
 * Many keys, each used once, as a server that makes one client per customer key would: heap and
 * budgets held after each round of 20,000 new keys, rounds a window apart on the pacer's own
 * clock. Flat figures mean idle keys are dropped.
 */
export async function runPacingKeysSuite(): Promise<SuiteResult> {
  let clock = Date.UTC(2030, 0, 1);
  const now = () => clock;
  const store = createMemoryPacingStore({ now });
  const ok = new Response(null, { status: 200 });
  const before = heapUsedMb();
  const rows: Record<string, Cell>[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (let i = 0; i < KEYS_PER_ROUND; i++) {
      const pacer = createKeyPacer(`pl_live_bench${round}x${i}${"k".repeat(24)}`, { store, now });
      const answer = await pacer.acquire(i % 5 === 0 ? "create" : "other");
      if (answer.granted) answer.release(ok);
    }
    rows.push({
      round,
      "keys used so far": round * KEYS_PER_ROUND,
      "keys held": keysHeldBy(store) ?? null,
      "heap used MB": Number((heapUsedMb() - before).toFixed(2)),
    });
    // A window (and the guard) passes: every key of this round is idle from here on.
    clock += PACING_WINDOW_MS + DEFAULT_PACING_GUARD_MS + 1;
  }
  const first = rows[0]!["heap used MB"] as number;
  const last = rows.at(-1)!["heap used MB"] as number;
  const held = rows.map((row) => row["keys held"] as number);
  const targets: TargetCheck[] = [
    {
      name: "heap after round 5 ÷ after round 1 (100,000 keys vs 20,000)",
      measured: `${(last / first).toFixed(2)}x (${last.toFixed(2)} MB vs ${first.toFixed(2)} MB)`,
      target: `≤ ${MAX_GROWTH_RATIO}x: flat however many keys`,
      met: gc !== undefined && last / first <= MAX_GROWTH_RATIO,
    },
    {
      name: "keys held at once",
      measured: `at most ${Math.max(...held)}`,
      target: `≤ ${2 * KEYS_PER_ROUND} (the keys of one window, twice at most before a sweep)`,
      met: Math.max(...held) <= 2 * KEYS_PER_ROUND,
    },
  ];
  return {
    id: "pacing-keys",
    title: "Pacing many keys (memory)",
    method: `${ROUNDS} rounds of ${KEYS_PER_ROUND.toLocaleString("en")} new keys, each used once through createKeyPacer on one in-memory store, rounds a window apart on the store's clock; heap used over the start after two forced GCs${gc ? "" : " (run with --expose-gc for heap figures)"}.`,
    rows,
    targets,
  };
}
