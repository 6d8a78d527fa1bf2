/** Wire-shaped bodies (api-v1.md §2) for unit tests. */

export function contentItem(overrides: Record<string, unknown> = {}) {
  return {
    id: "item_1",
    status: "draft",
    platform: "x",
    channelId: "ch_x",
    channelName: "Acme on X",
    content: "Hello there",
    source: "api",
    createdAt: "2026-10-01T10:00:00.000Z",
    flagged: false,
    sensitive: false,
    flagReasons: [],
    aiIsmMatches: [],
    sensitivityReasons: [],
    createdBy: { userId: "u_1", fullName: "Ada Owner" },
    ...overrides,
  };
}

export function channel(overrides: Record<string, unknown> = {}) {
  return {
    id: "ch_x",
    platform: "x",
    provider: "x",
    displayName: "Acme on X",
    handle: "@acme",
    accountType: "business",
    subscriptionTier: "basic",
    isDefault: true,
    isActive: true,
    connectedAt: "2026-09-01T00:00:00.000Z",
    ...overrides,
  };
}

export function brandProfile() {
  return {
    name: "Acme",
    tagline: "Tools",
    motto: "Build",
    mission: "Help",
    whatWeAre: "A company",
    primaryUrl: "https://acme.example",
    aboutYou: {
      facts: ["Founded 2020"],
      inYourWords: "We build tools",
      you: { facts: [], inYourWords: "" },
      brand: { facts: [], inYourWords: "" },
    },
    standingRules: [{ name: "No hype", brief: "Plain words", scope: "global" }],
    voiceConfidence: { pieces: 3, target: 10, thin: true },
    excludedTopics: ["politics"],
    examples: [],
  };
}

export function scheduleBody() {
  const voice = { approvalMode: "manual", sensitivityKeywords: [], aiIsmAllowlist: [] };
  return {
    config: {
      timezone: "UTC",
      approvalMode: "manual",
      maxPostsPerDay: 3,
      minHoursBetween: 2,
      queueBufferDays: 7,
      sensitivityKeywords: [],
      aiIsmAllowlist: [],
      voices: { you: voice, brand: voice },
    },
    slots: [
      {
        id: "s1",
        dayOfWeek: 1,
        timeOfDay: "09:00",
        platform: "x",
        contentType: "post",
        topicCategory: "news",
        recurrenceType: "weekly",
        weekOfMonth: null,
        enabled: true,
      },
    ],
  };
}

export function statsBody() {
  return {
    windowDays: 7,
    channelBalance: [
      { channelId: "ch_x", platform: "x", displayName: "Acme", counts: { draft: 1 }, total: 1 },
    ],
    pipeline: { byStatus: { draft: 1 }, sourceMix: { api: 1 }, total: 1 },
    aiIsm: { flagged: 0, total: 1, rate: 0 },
    usage: { current: 2, limit: 100, plan: "pro", periodEnd: "2026-11-01T00:00:00.000Z" },
  };
}

export function agentKey(overrides: Record<string, unknown> = {}) {
  return { id: "key_1", name: "reporting", scopes: ["read"], ...overrides };
}

export function envelope(code: string, message: string, extra: Record<string, unknown> = {}) {
  return { error: { code, message, ...extra } };
}
