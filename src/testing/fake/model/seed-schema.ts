/**
 * The seed as JSON: what `postline fake --seed <file>` and `POST /fake/reset` take, checked
 * before the model sees it. Parsing gives a {@link FakeServiceSeed} (dates stay ISO strings, a
 * pattern's source becomes a RegExp); `fake-seed.schema.json` is this schema's input side
 * (`z.toJSONSchema`, scripts/write-openapi.ts), so the published schema cannot drift from it.
 */
import { z } from "zod";
import type { FakeServiceSeed } from "./seed.js";

const instant = z.iso.datetime({ offset: true }).describe("An ISO-8601 date-time");
const id = z.string().min(1);
const voice = z.enum(["you", "brand"]);
const approvalMode = z.enum(["manual", "auto"]);
const role = z.enum(["owner", "admin", "member"]);
const scope = z.enum(["read", "write", "admin"]);

const principle = z.strictObject({ rule: z.string(), triggers: z.array(z.string()) });

const channel = z.strictObject({
  id,
  platform: z.string().min(1),
  displayName: z.string().optional(),
  handle: z.string().optional(),
  voice: voice.optional(),
  provider: z.string().optional(),
  subscriptionTier: z.string().optional(),
  characterCap: z.int().positive().optional(),
  isDefault: z.boolean().optional(),
  connected: z.boolean().optional(),
  connectedAt: instant.optional(),
});

const member = z.strictObject({
  userId: id,
  fullName: z.string().optional(),
  email: z.string().optional(),
  role: role.optional(),
  left: z.boolean().optional(),
});

const key = z.strictObject({
  id,
  userId: id,
  scopes: z.array(scope).min(1),
  name: z.string().optional(),
  environment: z.enum(["test", "live"]).optional(),
  revoked: z.boolean().optional(),
  token: z
    .string()
    .regex(/^pl_(test|live)_[A-Za-z0-9_]+$/)
    .optional()
    .describe("The bearer token; generated when absent (a snapshot never writes one)"),
});

const content = z.strictObject({
  id,
  content: z.string(),
  channelId: z.string().nullable(),
  platform: z.string().optional(),
  status: z.string().optional(),
  source: z.string().optional(),
  title: z.string().optional(),
  createdAt: instant.optional(),
  createdByUserId: z.string().optional(),
  sourceUrl: z.string().optional(),
  scheduledAt: instant.optional(),
  publishedAt: instant.optional(),
  publishedUrl: z.string().optional(),
  plannedAt: instant.optional(),
  heldForChannel: z.boolean().optional(),
  voice: voice.optional(),
});

const voiceSettings = z.strictObject({
  approvalMode: approvalMode.nullable().optional(),
  sensitivityKeywords: z.array(z.string()).optional(),
  aiIsmAllowlist: z.array(z.string()).optional(),
  principles: z.array(principle).optional(),
});

const config = z.strictObject({
  timezone: z.string().optional(),
  approvalMode: approvalMode.optional(),
  maxPostsPerDay: z.int().nonnegative().optional(),
  minHoursBetween: z.number().nonnegative().optional(),
  queueBufferDays: z.int().nonnegative().optional(),
  sensitivityKeywords: z.array(z.string()).optional(),
  aiIsmAllowlist: z.array(z.string()).optional(),
  principles: z.array(principle).optional(),
  voices: z
    .strictObject({ you: voiceSettings.optional(), brand: voiceSettings.optional() })
    .optional(),
});

const quota = z.strictObject({
  plan: z.string().optional(),
  limit: z.int().nonnegative().nullable().optional(),
  used: z.int().nonnegative().optional(),
  periodEnd: instant.optional(),
  capacityUnknown: z.boolean().optional(),
});

const facts = z.strictObject({ facts: z.array(z.string()), inYourWords: z.string() });
const brand = z.strictObject({
  name: z.string(),
  tagline: z.string(),
  motto: z.string(),
  mission: z.string(),
  whatWeAre: z.string(),
  primaryUrl: z.string(),
  aboutYou: z.strictObject({
    facts: z.array(z.string()),
    inYourWords: z.string(),
    you: facts,
    brand: facts,
  }),
  standingRules: z.array(
    z.strictObject({
      name: z.string(),
      brief: z.string(),
      scope: z.enum(["global", "you", "brand"]),
      state: z.enum(["suggested", "confirmed", "removed"]),
    }),
  ),
  voiceConfidence: z.strictObject({
    pieces: z.strictObject({ you: z.int().nonnegative(), brand: z.int().nonnegative() }),
    target: z.int().nonnegative(),
  }),
  excludedTopics: z.array(z.string()),
  examples: z.array(z.strictObject({ voice, text: z.string() })),
});

const slot = z.strictObject({
  id,
  dayOfWeek: z.int().min(0).max(6),
  timeOfDay: z.string().regex(/^\d{2}:\d{2}$/),
  platform: z.string(),
  contentType: z.string(),
  topicCategory: z.string(),
  recurrenceType: z.enum(["weekly", "monthly"]),
  weekOfMonth: z.int().min(1).max(5).nullable(),
  enabled: z.boolean(),
});

const workspaceFields = {
  name: z.string().optional(),
  state: z.enum(["active", "subscription_inactive", "suspended", "gone"]).optional(),
  members: z.array(member).optional(),
  channels: z.array(channel).optional(),
  keys: z.array(key).optional(),
  content: z.array(content).optional(),
  quota: quota.optional(),
  urlCredits: z.int().nonnegative().optional(),
  brand: brand.nullable().optional(),
  config: config.optional(),
  slots: z.array(slot).optional(),
};
const workspace = z.strictObject({ id, ...workspaceFields });
const workspaceOverrides = z.strictObject({ id: id.optional(), ...workspaceFields });

const aiIsmPattern = z
  .strictObject({
    label: z.string().min(1),
    pattern: z.string().min(1).describe("A regular expression's source"),
    flags: z
      .string()
      .regex(/^[dgimsuvy]*$/)
      .optional()
      .describe("Its flags (default `i`)"),
  })
  .transform(({ label, pattern, flags }, context) => {
    try {
      return { label, pattern: new RegExp(pattern, flags ?? "i") };
    } catch (error) {
      context.addIssue({ code: "custom", path: ["pattern"], message: String(error) });
      return z.NEVER;
    }
  });

/**
 * The seed of `createFakeService` as JSON, what `postline fake --seed` reads: `parse` checks a
 * seed file's contents and gives the seed to pass to `createFakeService`.
 *
 * @example
 * ```ts
 * const seed = FakeSeedSchema.parse(JSON.parse(readFileSync("seed.json", "utf8")));
 * const service = createFakeService(seed);
 * ```
 */
export const FakeSeedSchema = z
  .strictObject({
    $schema: z.string().optional().describe("The schema this file follows (ignored)"),
    now: instant.optional().describe("Freezes the clock at this instant"),
    baseURL: z.url().optional(),
    aiIsmPatterns: z.array(aiIsmPattern).optional(),
    workspace: workspaceOverrides.optional().describe("Overrides of the main workspace (ws_acme)"),
    otherWorkspace: z.union([workspaceOverrides, z.literal(false)]).optional(),
    workspaces: z.array(workspace).optional(),
  })
  // zod leaves an absent optional key absent, as `exactOptionalPropertyTypes` wants.
  .transform(({ $schema: _ignored, ...seed }) => seed as FakeServiceSeed)
  .meta({ title: "Postline fake seed" });

/**
 * The problems of a seed, one line each with its JSON path (`$.workspace.channels[2].id: ...`),
 * or the seed when there are none.
 */
export function parseFakeSeed(
  value: unknown,
): { ok: true; seed: FakeServiceSeed } | { ok: false; problems: string[] } {
  const parsed = FakeSeedSchema.safeParse(value);
  if (parsed.success) return { ok: true, seed: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => `${jsonPath(issue.path)}: ${issue.message}`),
  };
}

/** `$.workspace.channels[2].id` for a zod issue path. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, part) =>
      typeof part === "number"
        ? `${text}[${part}]`
        : /^[A-Za-z_$][\w$]*$/.test(String(part))
          ? `${text}.${String(part)}`
          : `${text}[${JSON.stringify(String(part))}]`,
    "$",
  );
}

/** The JSON Schema of a seed file (`@postline/sdk/fake-seed.schema.json`). */
export function fakeSeedJsonSchema(): Record<string, unknown> {
  return inputJsonSchema(FakeSeedSchema);
}

/** The input side of a schema as a published JSON Schema file holds it (draft 2020-12). */
export function inputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: "input", target: "draft-2020-12" }) as Record<
    string,
    unknown
  >;
}
