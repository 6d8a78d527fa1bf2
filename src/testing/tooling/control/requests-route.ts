/**
 * `GET /fake/requests`: the request journal, filtered (`method`, `path`, `status`,
 * `errorCode`, `after`), with a long-poll: `wait=<ms>&count=<n>` answers once `n` entries match,
 * or when the wait ends with what there is (`reached` says which).
 *
 * A wait holds a connection and a listener, so both are bounded: at most
 * {@link WAIT_LIMITS}.`concurrent` waits at once per fake (more get 429 `too_many_waits` at once,
 * with `Retry-After`), each at most {@link WAIT_LIMITS}.`maxMs` long (a longer one is a 400).
 */
import { z } from "zod";
import type { FakeResponse } from "../../fake/http/fake-response.js";
import type { FakeService } from "../../fake/service.js";
import {
  countJournal,
  type JournalFilter,
  readJournal,
  waitForJournal,
} from "../watch/request-journal.js";
import { controlError, controlJson } from "./control-answers.js";

/** How far the long-poll goes: concurrent waits per fake, and the longest wait. */
export const WAIT_LIMITS = Object.freeze({ concurrent: 64, maxMs: 30_000, maxCount: 10_000 });

const activeWaits = new WeakMap<FakeService, number>();

/** Answers `GET /fake/requests`. */
export async function answerRequests(
  service: FakeService,
  query: URLSearchParams,
  signal?: AbortSignal,
): Promise<FakeResponse> {
  // The first value of a repeated name is the one read.
  const named = [...query.keys()].map((name) => [name, query.get(name)]);
  const parsed = JournalQuerySchema.safeParse(Object.fromEntries(named));
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const param = String(issue?.path[0]);
    return controlError(400, "invalid_query", `Invalid \`${param}\`: ${issue?.message}.`, {
      param,
    });
  }
  const { after = 0, wait, count = 1, ...rest } = parsed.data;
  // zod leaves an absent optional key absent, as `exactOptionalPropertyTypes` wants.
  const filter = { after, ...rest } as JournalFilter;
  if (wait !== undefined && wait > 0 && countJournal(service, filter) < count) {
    const active = activeWaits.get(service) ?? 0;
    if (active >= WAIT_LIMITS.concurrent) {
      const response = controlError(
        429,
        "too_many_waits",
        `${WAIT_LIMITS.concurrent} waits are already open on this fake; retry, or wait for fewer.`,
        { param: "wait" },
      );
      response.headers["retry-after"] = "1";
      return response;
    }
    activeWaits.set(service, active + 1);
    try {
      await waitForJournal(service, filter, count, wait, signal);
    } finally {
      activeWaits.set(service, (activeWaits.get(service) ?? 1) - 1);
    }
  }
  const journal = readJournal(service, filter);
  return controlJson(200, {
    ...journal,
    matched: journal.requests.length,
    ...(query.has("count") || wait !== undefined
      ? { reached: journal.requests.length >= count }
      : {}),
  });
}

/** A whole number in the query, from `min` to `max`; the document shows it as an integer. */
function integerParam(min: number, max: number) {
  const problem = `an integer from ${min} to ${max}`;
  return z.codec(z.string().regex(/^\d+$/, problem), z.int().min(min, problem).max(max, problem), {
    decode: Number,
    encode: String,
  });
}

/** The query of `GET /fake/requests`: the route parses with it and the document shows it. */
export const JournalQuerySchema = z.object({
  after: integerParam(0, Number.MAX_SAFE_INTEGER)
    .optional()
    .describe("The first index to show.")
    .meta({ example: 0 }),
  status: integerParam(100, 599).optional().describe("Only this status.").meta({ example: 429 }),
  wait: integerParam(0, WAIT_LIMITS.maxMs)
    .optional()
    .describe("Milliseconds to wait for `count` matches.")
    .meta({ example: 2000 }),
  count: integerParam(1, WAIT_LIMITS.maxCount)
    .optional()
    .describe("How many matches end the wait (default 1).")
    .meta({ example: 1 }),
  method: z
    .string()
    .regex(/^[A-Za-z]+$/, "letters only, e.g. POST")
    .optional()
    .describe("Only this method.")
    .meta({ example: "POST" }),
  path: z
    .string()
    .startsWith("/", "a path from /, e.g. /content")
    .optional()
    .describe("Only this path under /api/v1 (`:id` or `*` match a segment).")
    .meta({ example: "/content" }),
  errorCode: z
    .string()
    .optional()
    .describe("Only this `error.code`.")
    .meta({ example: "rate_limited" }),
});
