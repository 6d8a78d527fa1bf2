/**
 * Error handling: every failure is a typed error. This walks through the ones an agent meets —
 * a refused input, a missing item, a rule of the lifecycle, an AI-ism acknowledgment, a planned
 * time that passed, a provider rejection, a half-finished transition and a rate limit — with the
 * recovery for each, and a retry recipe driven by `RateLimitError.retryAfterSeconds`.
 *
 *   npx tsx examples/error-handling.ts
 *
 * Against the in-process fake it injects the failures it needs; against the real service
 * (POSTLINE_BASE_URL set) it skips the ones that cannot be provoked safely.
 */
import {
  AcknowledgmentRequiredError,
  BadRequestError,
  type Channel,
  type ContentItem,
  InvalidRequestError,
  isRetryable,
  NotFoundError,
  PlannedTimePassedError,
  type Postline,
  PostlineError,
  PublishFailedError,
  RateLimitError,
  TransitionFailedError,
  ValidationError,
} from "../src/index.js";
import { expectThat } from "./support/expect-that.js";
import type { ExampleSession } from "./support/fake-or-real.js";
import { runExample } from "./support/run-example.js";

/**
 * Calls `operation`, and when it fails with `RateLimitError` waits the `Retry-After` the service
 * sent (plus a little jitter) and tries again, up to `attempts` times in all. The client already
 * does this for you (`maxRetries`, default 2); use a recipe like this one when an agent loop
 * wants to own the waiting, e.g. to report it or to spread work over the window.
 */
async function withRateLimitRetry<T>(
  operation: () => Promise<T>,
  { attempts = 3, onWait = (_seconds: number) => {} } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (!(error instanceof RateLimitError) || attempt >= attempts) throw error;
      const seconds = (error.retryAfterSeconds ?? 1) + Math.random() * 0.25;
      onWait(seconds);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    }
  }
}

await runExample("error handling", async (session) => {
  const { client } = session;
  const [x, other] = await twoPlatforms(client, session.channelIds);

  // 1. Refused locally, before anything is sent: `param` names the culprit.
  const refused = await failure(() => client.content.listPage({ limit: 500 }));
  expectThat(
    refused instanceof InvalidRequestError,
    `limit 500 is refused locally, got ${refused}`,
  );
  console.log(`  1. InvalidRequestError, param "${refused.param}": ${refused.message}`);

  // 2. A missing item is a 404.
  const missing = await failure(() => client.content.get("cnt_does_not_exist"));
  expectThat(missing instanceof NotFoundError, `an unknown id is NotFoundError, got ${missing}`);
  console.log(
    `  2. NotFoundError ${missing.status} ${missing.code} (retryable: ${isRetryable(missing)})`,
  );

  // 3. A lifecycle rule: an item moves only to a channel on its own platform.
  const draft = await client.content.createDraft({ channelId: x.id, body: "Exports got faster." });
  const wrongPlatform = await failure(() =>
    client.content.update(draft.id, { channelId: other.id }),
  );
  expectThat(
    wrongPlatform instanceof ValidationError,
    `cross-platform move refused, got ${wrongPlatform}`,
  );
  expectThat(wrongPlatform instanceof BadRequestError, "ValidationError is a BadRequestError");
  console.log(`  3. ValidationError ${wrongPlatform.status}: ${wrongPlatform.message}`);

  // 4. Approving text with AI-isms asks for an explicit acknowledgment.
  const wordy = await client.content.createDraft({
    channelId: x.id,
    body: "Let's delve into what changed in exports this week.",
  });
  const ack = await failure(() => client.content.approve(wordy.id));
  expectThat(ack instanceof AcknowledgmentRequiredError, `AI-isms need acknowledging, got ${ack}`);
  const labels = ack.aiIsmMatches.map((m) => `${m.label} ("${m.match}")`).join(", ");
  console.log(`  4. AcknowledgmentRequiredError ${ack.status}: ${labels}`);
  const approved = await approveOrSchedule(client, wordy.id, { acknowledgeAiIsms: true });
  console.log(`     approved after acknowledging: ${approved.status}`);

  await fakeOnly(session, "5. PlannedTimePassedError", () => plannedTimePassed(session, x));
  await fakeOnly(session, "6. PublishFailedError", () => publishFailed(session, x));
  await fakeOnly(session, "7. TransitionFailedError", () => transitionFailed(session, x));
  await fakeOnly(session, "8. RateLimitError", () => rateLimited(session));
});

/** 5. The approval stands but nothing was queued: schedule it explicitly. */
async function plannedTimePassed({ client, service }: ExampleSession, x: Channel) {
  // Move the fake's clock past this week's last slot, so the plan has no time left.
  const realNow = new Date();
  service?.clock.set(endOfWeek(realNow));
  try {
    const draft = await client.content.createDraft({ channelId: x.id, body: "Late-week note." });
    const passed = await failure(() => client.content.approve(draft.id));
    expectThat(passed instanceof PlannedTimePassedError, `approval at week's end: ${passed}`);
    expectThat(passed.item.status === "pending", "the approval stands");
    console.log(
      `  5. PlannedTimePassedError: ${passed.item.id} is ${passed.item.status}, nothing queued`,
    );
    const scheduled = await client.content.schedule(passed.item.id, { publishNow: true });
    console.log(`     fixed with schedule({ publishNow: true }): ${scheduled.status}`);
  } finally {
    service?.clock.set(realNow);
  }
}

/** 6. The provider refused the post: the item is `failed`; write a fresh one and retry later. */
async function publishFailed({ client, service }: ExampleSession, x: Channel) {
  service?.provider.rejectSchedules({ times: 1 });
  const draft = await client.content.createDraft({ channelId: x.id, body: "Provider test post." });
  const rejected = await failure(() => client.content.schedule(draft.id, { publishNow: true }));
  expectThat(rejected instanceof PublishFailedError, `provider rejection, got ${rejected}`);
  const failed = await client.content.get(draft.id);
  expectThat(failed.status === "failed", `the item is failed, got ${failed.status}`);
  console.log(`  6. PublishFailedError ${rejected.status}: item ${failed.id} is ${failed.status}`);
  const retry = await client.content.createDraft({ channelId: x.id, body: failed.content });
  const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
  const rescheduled = await client.content.schedule(retry.id, { scheduledAt: later });
  await client.content.delete(failed.id);
  console.log(
    `     re-drafted as ${retry.id}, ${rescheduled.status} for ${rescheduled.scheduledAt}`,
  );
}

/** 7. Accepted but not completed: never retry blindly, re-read the item and decide. */
async function transitionFailed({ client, service }: ExampleSession, x: Channel) {
  const draft = await client.content.createDraft({ channelId: x.id, body: "Transition test." });
  service?.faults.inject({ kind: "transitionFailed", method: "PATCH", path: "/content/:id" });
  const half = await failure(() => client.content.approve(draft.id));
  expectThat(half instanceof TransitionFailedError, `transition_failed, got ${half}`);
  expectThat(!isRetryable(half), "transition_failed is not retried automatically");
  const reread = await client.content.get(draft.id);
  console.log(`  7. TransitionFailedError ${half.status}: re-read shows ${reread.status}`);
}

/** 8. Too many requests: `retryAfterSeconds` says how long to wait. */
async function rateLimited({ client, service }: ExampleSession) {
  console.log("  8. RateLimitError, with a retry recipe");
  service?.faults.inject({ kind: "rateLimited", path: "/stats", retryAfterSeconds: 1, times: 2 });
  // maxRetries: 0 for this call, so the recipe (not the client) does the waiting.
  const stats = await withRateLimitRetry(() => client.stats.get({ days: 7 }, { maxRetries: 0 }), {
    onWait: (seconds) =>
      console.log(`     429: waiting ${seconds.toFixed(2)} s as Retry-After asks`),
  });
  console.log(
    `     succeeded after waiting: ${stats.pipeline.total} item(s) in ${stats.windowDays} days`,
  );

  service?.faults.inject({ kind: "rateLimited", path: "/stats", retryAfterSeconds: 30 });
  const limited = await failure(() => client.stats.get({}, { maxRetries: 0 }));
  expectThat(limited instanceof RateLimitError, `a 429 is RateLimitError, got ${limited}`);
  const { retryAfterSeconds, limit, remaining, resetAt } = limited;
  console.log(
    `     fields: retryAfterSeconds ${retryAfterSeconds}, limit ${limit}, remaining ${remaining}, resetAt ${resetAt?.toISOString()}`,
  );
}

/** Approves, or — if the plan's time already passed — publishes on the next tick instead. */
async function approveOrSchedule(
  client: Postline,
  id: string,
  params: { acknowledgeAiIsms?: boolean },
): Promise<ContentItem> {
  try {
    return await client.content.approve(id, params);
  } catch (error) {
    if (!(error instanceof PlannedTimePassedError)) throw error;
    return client.content.schedule(id, { ...params, publishNow: true });
  }
}

/** Runs a step that needs the fake's fault controls; says so and skips it against the real service. */
async function fakeOnly(session: ExampleSession, title: string, step: () => Promise<void>) {
  if (session.mode === "fake") return step();
  console.log(`  ${title}: skipped (needs the fake to provoke it)`);
}

/** Runs `operation`, which must fail, and returns its error (any other outcome fails the example). */
async function failure(operation: () => Promise<unknown>): Promise<any> {
  try {
    await operation();
  } catch (error) {
    if (!(error instanceof PostlineError)) throw error;
    return error;
  }
  expectThat(false, "the call was expected to fail but succeeded");
}

/** An `x` channel and a connected channel on another platform. */
async function twoPlatforms(
  client: Postline,
  connected: readonly string[],
): Promise<[Channel, Channel]> {
  const channels = (await client.channels.list()).filter((c) => connected.includes(c.id));
  const x = channels.find((c) => c.platform === "x");
  const other = channels.find((c) => c.platform !== "x");
  expectThat(x && other, "the workspace has an x channel and a channel on another platform");
  return [x, other];
}

/** Sunday 23:30 UTC of the week holding `at` (weeks run Monday to Monday). */
function endOfWeek(at: Date): Date {
  const daysToSunday = (7 - at.getUTCDay()) % 7;
  const sunday = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + daysToSunday);
  return new Date(sunday + (23 * 60 + 30) * 60_000);
}
