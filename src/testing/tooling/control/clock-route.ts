/**
 * `GET /fake/clock` and `POST /fake/clock`: read or move the model's clock through
 * `service.clock`, then run a publish tick (`service.provider.tick()`), so scheduled and
 * planned items due by the new time go live, as they would have while the time passed. The
 * rate windows read the same clock, so they follow without more.
 *
 * Over HTTP the clock never goes back (409 `clock_backwards`): items, keys and rate windows
 * would hold times in its future. `POST /fake/reset` with a seed's `now` starts over earlier.
 */
import { z } from "zod";
import { LATEST_CLOCK_MS } from "../../fake/handles/clock.js";
import type { FakeResponse } from "../../fake/http/fake-response.js";
import type { FakeService } from "../../fake/service.js";
import { controlError, controlJson } from "./control-answers.js";
import { readControlBody } from "./control-body.js";
import type { OwnRouteRequest } from "./control-request.js";

/** The body of `POST /fake/clock`: exactly one move. */
export const ClockBodySchema = z.union([
  z.strictObject({
    advance: z.int().nonnegative().describe("Milliseconds to move forward"),
  }),
  z.strictObject({
    set: z.iso.datetime({ offset: true }).describe("An instant at or after the clock's reading"),
  }),
  z.strictObject({ freeze: z.literal(true).describe("Stop the clock at its reading") }),
  z.strictObject({ follow: z.literal(true).describe("Run again in real time from its reading") }),
]);

/** Answers `GET /fake/clock`: `{ now, frozen }`. */
export function answerClockRead(service: FakeService): FakeResponse {
  return controlJson(200, clockState(service, []));
}

/** Answers `POST /fake/clock`. */
export async function answerClockMove(
  service: FakeService,
  request: OwnRouteRequest,
): Promise<FakeResponse> {
  const body = await readControlBody(request, ClockBodySchema);
  if (!body.ok) return body.response;
  const move = body.value;
  const { clock } = service;
  const now = clock.now();
  const latest = new Date(LATEST_CLOCK_MS).toISOString();
  if ("advance" in move) {
    if (move.advance > LATEST_CLOCK_MS - now.getTime()) {
      return controlError(
        400,
        "invalid_body",
        `Invalid \`$.advance\`: the clock reads ${now.toISOString()} and moves at most to ${latest}, ${LATEST_CLOCK_MS - now.getTime()} ms on.`,
        { param: "$.advance" },
      );
    }
    clock.advance(move.advance);
  } else if ("set" in move) {
    const at = new Date(move.set).getTime();
    if (!(at <= LATEST_CLOCK_MS)) {
      return controlError(
        400,
        "invalid_body",
        `Invalid \`$.set\`: an instant up to ${latest}, e.g. "2026-03-02T09:00:00Z".`,
        { param: "$.set" },
      );
    }
    if (at < now.getTime()) {
      return controlError(
        409,
        "clock_backwards",
        `The clock reads ${now.toISOString()} and does not go back; POST /fake/reset with a seed whose "now" is earlier starts over.`,
        { param: "$.set" },
      );
    }
    clock.set(move.set);
  } else if ("freeze" in move) clock.freeze();
  else clock.follow();
  return controlJson(200, clockState(service, service.provider.tick()));
}

function clockState(service: FakeService, published: readonly string[]) {
  return { now: service.clock.now().toISOString(), frozen: service.clock.frozen, published };
}
