import { expect } from "vitest";
import type { ReleasePacedSlot, SlotAnswer, SlotRefusal } from "../../src/core/pacing/pacer.js";

/** The release of a pacer's grant; fails the test, saying what was answered, on a refusal. */
export async function granted(answer: Promise<SlotAnswer>): Promise<ReleasePacedSlot> {
  const settled = await answer;
  if (!settled.granted) return expect.fail(`expected a grant, got ${JSON.stringify(settled)}`);
  return settled.release;
}

/** A pacer's refusal; fails the test on a grant. */
export async function refused(answer: Promise<SlotAnswer>): Promise<SlotRefusal> {
  const settled = await answer;
  if (settled.granted) return expect.fail("expected a refusal, got a grant");
  return settled;
}
