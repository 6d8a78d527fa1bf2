/**
 * `POST /fake/reset`: back to the seed (no body, or `{}`), or to the seed in `{ "seed": ... }`,
 * through `service.reset`. Answers what a client needs next: the main workspace's key and
 * channels, and the clock.
 */
import { z } from "zod";
import type { FakeResponse } from "../../fake/http/fake-response.js";
import { FakeSeedSchema } from "../../fake/model/seed-schema.js";
import type { FakeService } from "../../fake/service.js";
import { controlError, controlJson } from "./control-answers.js";
import { readControlBody } from "./control-body.js";
import type { OwnRouteRequest } from "./control-request.js";

/** The body of `POST /fake/reset`. */
export const ResetBodySchema = z.strictObject({
  seed: FakeSeedSchema.optional().describe("A new seed; the current one when absent"),
});

/** Answers `POST /fake/reset`. */
export async function answerReset(
  service: FakeService,
  request: OwnRouteRequest,
): Promise<FakeResponse> {
  const body = await readControlBody(request, ResetBodySchema);
  if (!body.ok) return body.response;
  try {
    service.reset(body.value.seed);
  } catch (error) {
    // The model's own checks (an item on an unknown channel, an id seeded twice).
    return controlError(400, "invalid_seed", (error as Error).message, { param: "$.seed" });
  }
  return controlJson(200, {
    apiKey: service.defaults.apiKey,
    channelIds: service.defaults.channelIds,
    now: service.clock.now().toISOString(),
    frozen: service.clock.frozen,
  });
}
