/**
 * Each case takes one of the fake's answers (`fake-responses.ts`) and breaks one rule the
 * contract states about its shape, named by its rule ID; the allowed cases change it only in
 * ways the contract leaves open (an unknown enum value, an extra field, a "not shown" type).
 */
type Json = Record<string, any>;

/** A change to one answer; `route` judges it as another route's answer (same body shape). */
export interface Variation {
  rule: string;
  what: string;
  from: string;
  route?: { method: string; path: string; status: number };
  change: (body: Json) => void;
}

/** The item inside an answer: `{ item }`, or the first of `items`. */
export const itemOf = (body: Json): Json => body.item ?? body.items[0];

const v = (rule: string, what: string, from: string, change: (body: Json) => void): Variation => ({
  rule,
  what,
  from,
  change,
});

/** Breaks of the rules api-v1.md states about response shapes. */
export const BROKEN: readonly Variation[] = [
  v("CONV-1", "a snake_case field on an item", "published", (b) => {
    b.item.channel_name = b.item.channelName;
  }),
  v("CONV-1", "createdAt with a +02:00 offset", "published", (b) => {
    b.item.createdAt = "2031-03-03T11:00:00+02:00";
  }),
  v("CONV-1", "publishedAt that is no timestamp", "published", (b) => {
    b.item.publishedAt = "yesterday";
  }),
  v("CONV-2", "a second top-level key beside error", "noChannel", (b) => {
    b.channels = b.error.channels;
  }),
  v("CONV-2", "an envelope without message", "noChannel", (b) => {
    delete b.error.message;
  }),
  v("ERR-1", "a 404 that is not the envelope", "notFound", (b) => {
    b.message = b.error.message;
    delete b.error;
  }),
  v("ITEM-1", "an item without channelName", "published", (b) => {
    delete b.item.channelName;
  }),
  v("ITEM-1", "a status that is not a string", "published", (b) => {
    b.item.status = 3;
  }),
  v("ITEM-1", "an aiIsmMatches entry without match", "published", (b) => {
    b.item.aiIsmMatches = [{ label: "delve" }];
  }),
  v("ITEM-1", "createdBy without fullName", "published", (b) => {
    delete b.item.createdBy.fullName;
  }),
  v("ITEM-2", "publishedUrl: null", "published", (b) => {
    b.item.publishedUrl = null;
  }),
  v("ITEM-2", "scheduledAt: null", "draft", (b) => {
    itemOf(b).scheduledAt = null;
  }),
  v("ITEM-3", "no flagReasons", "published", (b) => {
    delete b.item.flagReasons;
  }),
  v("ITEM-3", "sensitivityReasons: null", "published", (b) => {
    b.item.sensitivityReasons = null;
  }),
  v("ITEM-4", "flagged without length_violation", "flagged", (b) => {
    itemOf(b).flagReasons = [];
  }),
  v("ITEM-4", "length_violation while not flagged", "draft", (b) => {
    itemOf(b).flagReasons = ["length_violation"];
  }),
  v("ITEM-6", "a sensitivity reason without its prefix", "sensitive", (b) => {
    itemOf(b).sensitivityReasons = ["layoffs"];
  }),
  v("ITEM-6", "sensitive: false beside reasons", "sensitive", (b) => {
    itemOf(b).sensitive = false;
  }),
  v("ITEM-6", "sensitive: true with no reason", "draft", (b) => {
    itemOf(b).sensitive = true;
  }),
  v("ITEM-8", "a failed item with publishedAt", "published", (b) => {
    b.item.status = "failed";
  }),
  v("ITEM-9", "an item carrying contentType", "published", (b) => {
    b.item.contentType = "post";
  }),
  v("ITEM-11", "a created item whose source is not api", "draft", (b) => {
    itemOf(b).source = "manual";
  }),
  v("STATE-13", "a published item without publishedAt", "published", (b) => {
    delete b.item.publishedAt;
  }),
  v("GET-1", "a body that is neither the item nor { item }", "published", (b) => {
    b.result = b.item;
    delete b.item;
  }),
  v("CREATE-13", "a 201 with no item", "draft", (b) => {
    b.items = [];
  }),
  v("CREATE-11", "a warning without unfulfilledChannelIds", "draft", (b) => {
    b.warning = { code: "generation_limit", message: "Quota reached." };
  }),
  v("CREATE-11", "a warning whose code is not generation_limit", "draft", (b) => {
    b.warning = { code: "quota", message: "Quota reached.", unfulfilledChannelIds: [] };
  }),
  v("CREATE-6", "an error.channels entry without name", "noChannel", (b) => {
    delete b.error.channels[0].name;
  }),
  v(
    "PATCH-3",
    "a 409 validation_error without acknowledgmentRequired",
    "acknowledgmentRequired",
    (b) => {
      delete b.error.acknowledgmentRequired;
    },
  ),
  v("PATCH-3", "a 409 validation_error without aiIsmMatches", "acknowledgmentRequired", (b) => {
    delete b.error.aiIsmMatches;
  }),
  v("PATCH-3", "acknowledgmentRequired: false", "acknowledgmentRequired", (b) => {
    b.error.acknowledgmentRequired = false;
  }),
  {
    ...v(
      "SCHEDULE-4",
      "the schedule's 409 without acknowledgmentRequired",
      "acknowledgmentRequired",
      (b) => {
        delete b.error.acknowledgmentRequired;
      },
    ),
    route: { method: "POST", path: "/content/{id}/schedule", status: 409 },
  },
  v("PATCH-4", "plannedTimePassed that is not a boolean", "approved", (b) => {
    b.plannedTimePassed = "yes";
  }),
  v("SCHEDULE-8", "a schedule 200 with the bare item", "scheduled", (b) => {
    Object.assign(b, b.item);
    delete b.item;
  }),
  v("STATE-9", "a schedule 200 whose item is still a draft", "scheduled", (b) => {
    b.item.status = "draft";
  }),
  v("LIST-1", "a page without nextCursor", "page", (b) => {
    delete b.nextCursor;
  }),
  v("LIST-1", "nextCursor that is a number", "page", (b) => {
    b.nextCursor = 2;
  }),
  v("CHANNELS-1", "a channel without platform", "channels", (b) => {
    delete b.channels[0].platform;
  }),
  v("CHANNELS-1", "a channel without connectedAt", "channels", (b) => {
    delete b.channels[0].connectedAt;
  }),
  v("BRAND-1", "a profile that is neither an object nor null", "brand", (b) => {
    b.profile = "none";
  }),
  v("BRAND-2", "a profile without examples", "brand", (b) => {
    delete b.profile.examples;
  }),
  v("BRAND-2", "aboutYou without its brand half", "brand", (b) => {
    delete b.profile.aboutYou.brand;
  }),
  v("BRAND-2", "a standing rule without scope", "brand", (b) => {
    b.profile.standingRules = [{ name: "No prices", brief: "Never quote prices." }];
  }),
  v("BRAND-4", "voiceConfidence.thin that is a string", "brand", (b) => {
    b.profile.voiceConfidence.thin = "yes";
  }),
  v("BRAND-5", "a profile with the retired voice", "brand", (b) => {
    b.profile.voice = "warm";
  }),
  v("BRAND-5", "a profile with the retired industry", "brand", (b) => {
    b.profile.industry = "software";
  }),
  v("BRANDGET-1", "a body without profile", "brand", (b) => {
    delete b.profile;
  }),
  v("SCHEDCFG-1", "a config without timezone", "schedule", (b) => {
    delete b.config.timezone;
  }),
  v("SCHEDCFG-1", "voices.brand without aiIsmAllowlist", "schedule", (b) => {
    delete b.config.voices.brand.aiIsmAllowlist;
  }),
  v("SCHEDCFG-4", "a slot without enabled", "schedule", (b) => {
    delete b.slots[0].enabled;
  }),
  v("SCHEDGET-1", "a body without slots", "schedule", (b) => {
    delete b.slots;
  }),
  v("STATS-1", "windowDays 0", "stats", (b) => {
    b.windowDays = 0;
  }),
  v("STATS-1", "windowDays 400", "stats", (b) => {
    b.windowDays = 400;
  }),
  v("STATS-2", "windowDays 30.5", "stats", (b) => {
    b.windowDays = 30.5;
  }),
  v("STATS-2", "an AI-ism rate of 37.5", "stats", (b) => {
    b.aiIsm.rate = 37.5;
  }),
  v("STATS-2", "a channelBalance entry without displayName", "stats", (b) => {
    delete b.channelBalance[0].displayName;
  }),
  v("STATS-2", "a count of 1.5", "stats", (b) => {
    b.pipeline.byStatus.draft = 1.5;
  }),
  v("STATS-2", "usage without plan", "stats", (b) => {
    delete b.usage.plan;
  }),
  v("STATS-2", "usage without periodEnd", "stats", (b) => {
    delete b.usage.periodEnd;
  }),
  v("KEYS-1", "a 201 without token", "createdKey", (b) => {
    delete b.token;
  }),
  v("KEYS-2", "a listed key with a token", "keys", (b) => {
    b.keys[0].token = "pl_test_x";
  }),
  v("KEYS-2", "a listed key without scopes", "keys", (b) => {
    delete b.keys[0].scopes;
  }),
  v("KEYS-2", "GET /keys/:id with a token", "key", (b) => {
    b.key.token = "pl_test_x";
  }),
  {
    ...v("LIMIT-4", "a 429 without the envelope", "noChannel", (b) => {
      b.error = "slow down";
    }),
    route: { method: "GET", path: "/content", status: 429 },
  },
  v("LIMIT-4", "a 429 whose message states no seconds", "rateLimited", (b) => {
    b.error.message = "Slow down.";
  }),
  v("LIMIT-4", "a 429 whose message names only the limit", "rateLimited", (b) => {
    b.error.message = "Rate limit of 10 requests per minute exceeded.";
  }),
  v("LIMIT-4", "a 429 with a code other than rate_limited", "rateLimited", (b) => {
    b.error.code = "validation_error";
  }),
];

/** Changes the contract allows: each must still be accepted. */
export const ALLOWED: readonly Variation[] = [
  v("§9.1", "an unknown status", "published", (b) => {
    b.item.status = "archived";
  }),
  v("§9.1", "an unknown source and platform", "published", (b) => {
    Object.assign(b.item, { source: "import", platform: "threads" });
  }),
  v("§9.1", "an unknown key scope", "keys", (b) => {
    b.keys[0].scopes = ["billing"];
  }),
  v("§9.1", "a flag reason not known yet, not flagged", "draft", (b) => {
    itemOf(b).flagReasons = ["spam_risk"];
  }),
  v("§9.1", "an extra field on an item", "published", (b) => {
    b.item.reviewedBy = "usr_adam";
  }),
  v("§9.1", "an extra field on the stats", "stats", (b) => {
    b.engagement = { likes: 3 };
  }),
  v("CONV-2", "extra detail inside error", "noChannel", (b) => {
    b.error.param = "channelId";
  }),
  v("CONV-1", "a timestamp with a +00:00 offset", "published", (b) => {
    b.item.createdAt = b.item.createdAt.replace("Z", "+00:00");
  }),
  v("ITEM-8", "a failed item without publishedAt", "published", (b) => {
    b.item.status = "failed";
    delete b.item.publishedAt;
    delete b.item.publishedUrl;
  }),
  v("GET-1", "the bare item (the body is not shown)", "published", (b) => {
    Object.assign(b, b.item);
    delete b.item;
  }),
  v("CREATE-11", "a 201 with the generation_limit warning", "draft", (b) => {
    b.warning = {
      code: "generation_limit",
      message: "Quota reached.",
      unfulfilledChannelIds: ["ch_x_olivia"],
    };
  }),
  v("CHANNELS-1", "channel fields of any type (not shown)", "channels", (b) => {
    Object.assign(b.channels[0], { platform: 7, isActive: "yes", connectedAt: null });
  }),
  v("BRAND-1", "profile null before onboarding", "brand", (b) => {
    b.profile = null;
  }),
  v("BRAND-2", "examples of any shape (not shown)", "brand", (b) => {
    b.profile.examples = "three essays";
  }),
  v("STATS-2", "usage.current and usage.limit of any type (not shown)", "stats", (b) => {
    Object.assign(b.usage, { current: "12", limit: null });
  }),
  v("KEYS-2", "a listed key without id (not shown)", "keys", (b) => {
    delete b.keys[0].id;
  }),
  v("KEYS-1", "a 201 with the token only", "createdKey", (b) => {
    for (const key of Object.keys(b)) if (key !== "token") delete b[key];
  }),
];
