/**
 * The default seed: what `createFakeService()` starts with. One ready workspace (`ws_acme`) and a
 * second one (`ws_other`) for cross-workspace tests, with times relative to the clock's now; see
 * docs/testing.md for a tour. The shapes are in `seed.ts`.
 */
import type { WorkspaceSeed } from "./seed.js";
import type { BrandRecord, SlotRecord } from "./workspace-settings.js";

const DAY_MS = 86_400_000;

/** The main workspace of the default seed, with times relative to `now`. */
export function defaultMainWorkspace(now: Date): WorkspaceSeed {
  return {
    id: "ws_acme",
    name: "Acme Studio",
    members: [
      { userId: "usr_olivia", fullName: "Olivia Owner", email: "olivia@acme.test", role: "owner" },
      { userId: "usr_adam", fullName: "Adam Admin", email: "adam@acme.test", role: "admin" },
      { userId: "usr_mia", fullName: "Mia Member", email: "mia@acme.test", role: "member" },
      {
        userId: "usr_leo",
        fullName: "Leo Left",
        email: "leo@acme.test",
        role: "member",
        left: true,
      },
    ],
    channels: [
      {
        id: "ch_x_acme",
        platform: "x",
        displayName: "Acme on X",
        handle: "@acme",
        voice: "brand",
        isDefault: true,
      },
      {
        id: "ch_x_olivia",
        platform: "x",
        displayName: "Olivia on X",
        handle: "@olivia",
        voice: "you",
        subscriptionTier: "premium",
      },
      {
        id: "ch_linkedin_olivia",
        platform: "linkedin",
        displayName: "Olivia Owner on LinkedIn",
        handle: "olivia-owner",
        voice: "you",
        isDefault: true,
      },
      {
        id: "ch_medium_acme",
        platform: "medium",
        displayName: "Acme Journal",
        handle: "@acme-journal",
        voice: "brand",
        isDefault: true,
      },
      {
        id: "ch_x_retired",
        platform: "x",
        displayName: "Acme Support on X",
        handle: "@acme_support",
        voice: "brand",
        connected: false,
      },
    ],
    keys: [
      { id: "key_acme_owner", userId: "usr_olivia", scopes: ["admin"], name: "Seeded owner key" },
    ],
    content: [
      {
        id: "cnt_acme_published",
        channelId: "ch_linkedin_olivia",
        status: "published",
        source: "manual",
        content: "We shipped the new editor today. Thanks to everyone who tested it.",
        createdAt: new Date(now.getTime() - 3 * DAY_MS),
        publishedAt: new Date(now.getTime() - 2 * DAY_MS),
        publishedUrl: "https://www.linkedin.com/feed/update/urn:li:activity:1001",
        createdByUserId: "usr_olivia",
      },
      {
        id: "cnt_acme_held",
        channelId: null,
        platform: "x",
        voice: "brand",
        status: "draft",
        source: "daily_generation",
        content: "Three small habits that keep a content calendar honest.",
        createdAt: new Date(now.getTime() - DAY_MS),
        plannedAt: new Date(now.getTime() + 2 * DAY_MS),
        heldForChannel: true,
        createdByUserId: "usr_olivia",
      },
      {
        id: "cnt_acme_unplaced",
        channelId: null,
        platform: "x",
        voice: "brand",
        status: "pending",
        source: "daily_generation",
        content: "What we learned from a month of posting every weekday.",
        createdAt: new Date(now.getTime() - DAY_MS + 60_000),
        plannedAt: new Date(now.getTime() + 3 * DAY_MS),
        createdByUserId: "usr_olivia",
      },
      {
        id: "cnt_acme_overdue",
        channelId: null,
        platform: "x",
        voice: "brand",
        status: "pending",
        source: "daily_generation",
        content: "A short note on why we post at the same time each day.",
        createdAt: new Date(now.getTime() - DAY_MS + 120_000),
        plannedAt: new Date(now.getTime() - 3_600_000),
        createdByUserId: "usr_olivia",
      },
    ],
    // The quota period ends, by default, at the start of next month.
    quota: { plan: "growth", limit: 100, used: 0 },
    urlCredits: 5,
    brand: defaultBrand(),
    config: {},
    slots: defaultSlots(),
  };
}

/** The second workspace of the default seed: its own key, channel and item; no brand profile. */
export function defaultOtherWorkspace(now: Date): WorkspaceSeed {
  return {
    id: "ws_other",
    name: "Other Co",
    members: [
      { userId: "usr_otto", fullName: "Otto Other", email: "otto@other.test", role: "owner" },
    ],
    channels: [
      {
        id: "ch_x_other",
        platform: "x",
        displayName: "Other Co on X",
        handle: "@otherco",
        voice: "brand",
      },
    ],
    keys: [
      { id: "key_other_owner", userId: "usr_otto", scopes: ["admin"], name: "Other owner key" },
    ],
    content: [
      {
        id: "cnt_other_draft",
        channelId: "ch_x_other",
        status: "draft",
        source: "api",
        content: "Other Co's own draft.",
        createdAt: new Date(now.getTime() - DAY_MS),
        createdByUserId: "usr_otto",
      },
    ],
    quota: { plan: "free", limit: 5, used: 0 },
    urlCredits: 0,
    brand: null,
    slots: [],
  };
}

/** The default brand profile: confirmed and suggested rules, and a thin brand voice. */
export function defaultBrand(): BrandRecord {
  return {
    name: "Acme Studio",
    tagline: "Calm tools for busy teams",
    motto: "Ship small, ship often",
    mission: "Help small teams publish consistently without burning out.",
    whatWeAre: "A content planning studio for small teams.",
    primaryUrl: "https://acme.test",
    aboutYou: {
      facts: ["Founded in 2021", "Team of 12", "Based in Lisbon"],
      inYourWords: "We build calm software for people who post for a living.",
      you: {
        facts: ["Olivia founded Acme in 2021"],
        inYourWords: "I write about running a small team.",
      },
      brand: {
        facts: ["Team of 12", "Based in Lisbon"],
        inYourWords: "Acme makes planning boring, in a good way.",
      },
    },
    standingRules: [
      {
        name: "No hype",
        brief: "Never call a feature revolutionary.",
        scope: "global",
        state: "confirmed",
      },
      {
        name: "First person",
        brief: "Olivia writes as I, never we.",
        scope: "you",
        state: "confirmed",
      },
      { name: "Emoji", brief: "At most one emoji per post.", scope: "brand", state: "suggested" },
      { name: "Old rule", brief: "Always end with a question.", scope: "global", state: "removed" },
    ],
    voiceConfidence: { pieces: { you: 14, brand: 4 }, target: 10 },
    excludedTopics: ["politics", "competitor pricing"],
    examples: [
      { voice: "you", text: "I spent the week rewriting our onboarding. Here is what changed." },
      { voice: "brand", text: "New: plan a month of posts in ten minutes." },
    ],
  };
}

const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

/** x twice a day, LinkedIn on weekday mornings, the long-form channel on Wednesdays (UTC). */
export function defaultSlots(): SlotRecord[] {
  const slot = (
    day: number,
    time: string,
    platform: string,
    topicCategory: string,
  ): SlotRecord => ({
    id: `slot_${platform}_${WEEKDAYS[day]}_${time.replace(":", "")}`,
    dayOfWeek: day,
    timeOfDay: time,
    platform,
    contentType: platform === "medium" ? "article" : "post",
    topicCategory,
    recurrenceType: "weekly",
    weekOfMonth: null,
    enabled: true,
  });
  const slots: SlotRecord[] = [];
  for (let day = 0; day < 7; day++) {
    slots.push(slot(day, "09:00", "x", "tips"), slot(day, "17:00", "x", "behind-the-scenes"));
    if (day < 5) slots.push(slot(day, "08:30", "linkedin", "lessons"));
  }
  slots.push(slot(2, "10:00", "medium", "essays"));
  return slots;
}
