/**
 * `GET /fake/requests`: the request journal, filtered (`method`, `path`, `status`,
 * `errorCode`, `after`), with a long-poll: `wait=<ms>&count=<n>` answers once `n` entries match,
 * or when the wait ends with what there is (`reached` says which).
 *
 * A wait holds a connection and a listener, so both are bounded: at most
 * {@link WAIT_LIMITS}.`concurrent` waits at once per fake (more get 429 `too_many_waits` at once,
 * with `Retry-After`), each at most {@link WAIT_LIMITS}.`maxMs` long (a longer one is a 400).
 */
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
  const parsed = parseQuery(query);
  if ("response" in parsed) return parsed.response;
  const { filter, wait, count } = parsed;
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

type ParsedQuery =
  | { filter: JournalFilter; wait: number | undefined; count: number }
  | { response: FakeResponse };

function parseQuery(query: URLSearchParams): ParsedQuery {
  const problems: FakeResponse[] = [];
  const integer = (name: string, min: number, max: number): number | undefined => {
    const text = query.get(name);
    if (text === null) return undefined;
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(value >= min && value <= max)) {
      problems.push(
        controlError(
          400,
          "invalid_query",
          `Invalid \`${name}\`: an integer from ${min} to ${max}.`,
          {
            param: name,
          },
        ),
      );
    }
    return value;
  };
  const after = integer("after", 0, Number.MAX_SAFE_INTEGER) ?? 0;
  const status = integer("status", 100, 599);
  const wait = integer("wait", 0, WAIT_LIMITS.maxMs);
  const count = integer("count", 1, WAIT_LIMITS.maxCount) ?? 1;
  const method = query.get("method") ?? undefined;
  if (method !== undefined && !/^[A-Za-z]+$/.test(method)) {
    problems.push(
      controlError(400, "invalid_query", "Invalid `method`: letters only, e.g. POST.", {
        param: "method",
      }),
    );
  }
  const path = query.get("path") ?? undefined;
  if (path !== undefined && !path.startsWith("/")) {
    problems.push(
      controlError(400, "invalid_query", "Invalid `path`: a path from /, e.g. /content.", {
        param: "path",
      }),
    );
  }
  const [problem] = problems;
  if (problem) return { response: problem };
  const errorCode = query.get("errorCode") ?? undefined;
  return {
    filter: {
      after,
      ...(method === undefined ? {} : { method }),
      ...(path === undefined ? {} : { path }),
      ...(status === undefined ? {} : { status }),
      ...(errorCode === undefined ? {} : { errorCode }),
    },
    wait,
    count,
  };
}
