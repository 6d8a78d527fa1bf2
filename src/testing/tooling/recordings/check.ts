/**
 * `checkRecording`: the fake checked against a recording (SDK_DESIGN.md §21). A fresh fake is
 * seeded from the recording (or the default seed) and gets the recorded requests in order, with
 * the ids the service made mapped to the fake's; each answer is compared with the recorded one.
 */
import { apiPathOf } from "../../fake/http/api-path.js";
import { findRoute } from "../../fake/http/routes.js";
import { createFakeService } from "../../fake/service.js";
import { compareAnswer } from "./compare-answer.js";
import { bodyText, recordedBody } from "./exchange-body.js";
import { IdMap } from "./id-map.js";
import type { Recording, RecordingJson } from "./recording-schema.js";
import { recordingOf } from "./replay-fetch.js";

/** An exchange the fake answered otherwise. */
export interface RecordingDifference {
  /** The exchange's number in the recording, from 1. */
  readonly exchange: number;
  /** The request's method, `PATCH`. */
  readonly method: string;
  /** The route, ids as `{id}`: `/api/v1/content/{id}`. */
  readonly path: string;
  /** What differs, one phrase each: `status 409 recorded, 200 from the fake`. */
  readonly problems: readonly string[];
}

/** What {@link checkRecording} found. */
export interface RecordingCheckReport {
  /** How many exchanges the recording has. */
  readonly exchanges: number;
  /** How many the fake answered as recorded. */
  readonly agree: number;
  /** Each exchange that differs, in recorded order; empty when all agree. */
  readonly differences: readonly RecordingDifference[];
}

/**
 * Checks the fake against a recording: a fresh fake, seeded with the recording's seed (or the
 * default seed), receives the recorded requests in order; the ids the service made are mapped to
 * the fake's by order of creation; and each answer is compared (status, error code, the body's
 * fields and values, with times, tokens and placeholders compared by kind). Each rate window is
 * emptied before an exchange that was not a recorded 429, since the check runs faster than the
 * session did.
 *
 * @param recording - a recording, or the path of its file
 * @example
 * ```ts
 * const report = await checkRecording("test/recordings/session.json");
 * expect(report.differences).toEqual([]);
 * ```
 */
export async function checkRecording(
  recording: Recording | RecordingJson | string,
): Promise<RecordingCheckReport> {
  const { seed, exchanges } = recordingOf(recording);
  const service = createFakeService(seed);
  const { apiKey, baseURL } = service.defaults;
  const ids = new IdMap();
  const differences: RecordingDifference[] = [];
  for (const [index, { request, response }] of exchanges.entries()) {
    if (response.status !== 429) service.resetRateLimits();
    const apiPath = apiPathOf(request.path) ?? request.path;
    const query = ids.query(request.query);
    const body = request.body === undefined ? "" : bodyText(ids.value(request.body));
    const outcome = await service.handle({
      method: request.method,
      url: new URL(`/api/v1${ids.path(apiPath)}${query === "" ? "" : `?${query}`}`, baseURL).href,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body === "" ? {} : { "content-type": "application/json" }),
      },
      body,
    });
    const fake =
      outcome.kind === "network-error"
        ? { status: 0, body: null }
        : {
            status: outcome.response.status,
            body: recordedBody(outcome.response.body ?? "") ?? null,
          };
    const recorded = { status: response.status, body: ids.value(response.body) };
    ids.learn(response, fake);
    const problems = compareAnswer(recorded, fake);
    if (problems.length > 0) {
      differences.push({
        exchange: index + 1,
        method: request.method,
        path: routeOf(request.method, apiPath),
        problems,
      });
    }
  }
  return { exchanges: exchanges.length, agree: exchanges.length - differences.length, differences };
}

/** `/api/v1/content/{id}` for `/content/cnt_1`: the contract's route, or the path itself. */
function routeOf(method: string, apiPath: string): string {
  const { route } = findRoute(method, apiPath);
  return `/api/v1${route ? route.pattern.replace(/:(\w+)/g, "{$1}") : apiPath}`;
}
