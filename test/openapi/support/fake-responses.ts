/**
 * One real answer of the fake per response shape the document states, read off the wire (not
 * through the SDK's parsing): the baselines that the rule-breaking test bends one rule at a time.
 */
import { RATE_LIMITS } from "../../../src/contract/rate-limits.js";
import { createFakeService } from "../../../src/testing/index.js";
import { comingMonday } from "../../support/fake-client.js";

type Json = Record<string, any>;

/** An answer: the route as the document names it, the status and the JSON body. */
export interface Answer {
  method: string;
  path: string;
  status: number;
  body: Json;
}

const LONG_POST = `Release notes: ${"faster exports and calmer defaults ".repeat(10)}`;

/** Calls the fake's routes and keeps each answer, by name. */
export async function fakeAnswers(): Promise<Record<string, Answer>> {
  const service = createFakeService({ now: comingMonday() });
  const { apiKey, baseURL } = service.defaults;
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const response = await service.fetch(`${baseURL}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const documented = path.replace(/\?.*/, "").replace(/\/(cnt|key)_[\w]+/, "/{id}");
    return {
      method,
      path: documented,
      status: response.status,
      body: (await response.json()) as Json,
    };
  };
  const draft = await call("POST", "/content", {
    channelId: "ch_x_acme",
    body: "Notes for Monday: three fixes.",
  });
  const draftId = draft.body.items[0].id as string;
  const flagged = await call("POST", "/content", { channelId: "ch_x_acme", body: LONG_POST });
  const sensitive = await call("POST", "/content", {
    channelId: "ch_x_acme",
    body: "No layoffs here: we are hiring.",
  });
  const aiIsm = await call("POST", "/content", {
    channelId: "ch_x_acme",
    body: "Let us delve into the numbers.",
  });
  const aiIsmId = aiIsm.body.items[0].id as string;
  const toSchedule = await call("POST", "/content", {
    channelId: "ch_x_acme",
    body: "A calm note for Friday.",
  });
  const answers: Record<string, Answer> = {
    page: await call("GET", "/content?limit=100"),
    published: await call("GET", "/content/cnt_acme_published"),
    draft,
    flagged,
    sensitive,
    approved: await call("PATCH", `/content/${draftId}`, { status: "pending" }),
    acknowledgmentRequired: await call("PATCH", `/content/${aiIsmId}`, { status: "pending" }),
    scheduled: await call("POST", `/content/${toSchedule.body.items[0].id}/schedule`, {
      scheduledAt: "2031-03-03T09:00:00Z",
    }),
    noChannel: await call("POST", "/content", { body: "Which channel?" }),
    notFound: await call("GET", "/content/cnt_missing"),
    channels: await call("GET", "/channels"),
    brand: await call("GET", "/brand"),
    schedule: await call("GET", "/schedule"),
    stats: await call("GET", "/stats"),
    keys: await call("GET", "/keys"),
    createdKey: await call("POST", "/keys", { name: "reporting", scopes: ["read"] }),
    key: await call("GET", "/keys/key_acme_owner"),
  };
  // LIMIT-4: the fake's own limiter, not an injected fault: creates until the window is full.
  for (let sent = 0; sent <= RATE_LIMITS.create && answers.rateLimited === undefined; sent++) {
    const answer = await call("POST", "/content", {
      channelId: "ch_x_acme",
      body: `Note ${sent}.`,
    });
    if (answer.status === 429) answers.rateLimited = answer;
  }
  if (answers.rateLimited === undefined) throw new Error("the fake never answered 429");
  const refusals = ["acknowledgmentRequired", "noChannel", "notFound", "rateLimited"];
  for (const [name, answer] of Object.entries(answers)) {
    if (answer.status >= 300 && !refusals.includes(name))
      throw new Error(`${name}: the fake answered ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answers;
}
