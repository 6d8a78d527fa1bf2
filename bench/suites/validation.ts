import { ContentItemSchema, ContentPageSchema } from "../../src/schemas/index.js";
import { median } from "../measure/median.js";
import type { SuiteResult } from "../report/suite-result.js";
import { CONTENT_ITEM_BODY, contentPageBody } from "../stub/canned-bodies.mjs";
import type { PerCallFigures } from "./per-call.js";

const ROUNDS = 21;
const MAX_MILLIS = 10_000;

/** Median over rounds of the mean time of `repetitions` calls of `work`, in microseconds. */
function timePerCall(work: () => unknown, repetitions: number): number {
  for (let index = 0; index < repetitions; index++) work();
  const perRound: number[] = [];
  const startedAt = performance.now();
  for (let round = 0; round < ROUNDS && performance.now() - startedAt < MAX_MILLIS; round++) {
    const before = performance.now();
    for (let index = 0; index < repetitions; index++) work();
    perRound.push(((performance.now() - before) * 1000) / repetitions);
  }
  return median(perRound);
}

const share = (part: number, whole: number | null) =>
  whole === null ? null : `${((100 * part) / whole).toFixed(1)}%`;

/**
 * zod parse time of the SDK's schemas (module constants, as the client uses them) for one item
 * and a 100-item page, next to JSON.parse of the same text and the SDK's measured call time.
 */
export function runValidationSuite(perCall: PerCallFigures): SuiteResult {
  const pageText = contentPageBody(0, 100);
  const item = JSON.parse(CONTENT_ITEM_BODY) as unknown;
  const page = JSON.parse(pageText) as unknown;
  const itemParse = timePerCall(() => ContentItemSchema.parse(item), 2_000);
  const pageParse = timePerCall(() => ContentPageSchema.parse(page), 100);
  const itemJson = timePerCall(() => JSON.parse(CONTENT_ITEM_BODY), 2_000);
  const pageJson = timePerCall(() => JSON.parse(pageText), 100);
  return {
    id: "validation",
    title: "Validation: zod parse vs JSON.parse and call time",
    method:
      "Schemas from src/schemas (the same module constants dist/ bundles), parsing already-decoded bodies; medians over 21 rounds. Share = parse time ÷ the SDK's median wall time per call from the per-call suite.",
    rows: [
      {
        body: "one content item",
        "zod parse µs": itemParse,
        "JSON.parse µs": itemJson,
        "sdk call µs": perCall.sdkGetWallMicros,
        "parse share of call": share(itemParse, perCall.sdkGetWallMicros),
      },
      {
        body: "page of 100 items",
        "zod parse µs": pageParse,
        "JSON.parse µs": pageJson,
        "sdk call µs": perCall.sdkListPageWallMicros,
        "parse share of call": share(pageParse, perCall.sdkListPageWallMicros),
      },
    ],
    targets: [],
  };
}
