/**
 * What the control routes answer, as zod: the control plane's document converts these
 * (`control-document.ts`), and `test/testing/control-document.test.ts` parses the live answers
 * with them, so neither can drift from the routes.
 */
import { z } from "zod";

const instant = z.iso.datetime({ offset: true });

/** A refusal, in the contract's envelope shape. */
export const ControlErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    param: z.string().optional(),
    problems: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

/** `POST /fake/reset`. */
export const ResetAnswerSchema = z.object({
  apiKey: z.string(),
  channelIds: z.array(z.string()),
  now: instant,
  frozen: z.boolean(),
});

/** `GET` and `POST /fake/clock`. */
export const ClockStateSchema = z.object({
  now: instant,
  frozen: z.boolean(),
  published: z.array(z.string()),
});

/** One fault of `/fake/faults`. */
export const FaultSchema = z
  .looseObject({
    kind: z.string(),
    method: z.string().optional(),
    path: z.string(),
    times: z.int().optional(),
    always: z.boolean().optional(),
    probability: z.number().optional(),
    seed: z.int().optional(),
    remaining: z.int().nullable().describe("`null` for `always`."),
    hits: z.int().nonnegative(),
  })
  .describe("A fault as injected (the kind's own fields too), with its counts.");

/** `GET /fake/faults`. */
export const FaultListSchema = z.object({ faults: z.array(FaultSchema) });

/** `DELETE /fake/faults`. */
export const ClearedSchema = z.object({ removed: z.int().nonnegative() });

/** `POST /fake/keys`: the only answer that shows a token. */
export const AddedKeySchema = z.object({
  id: z.string(),
  token: z.string(),
  userId: z.string(),
  workspace: z.string(),
});

/** `GET /fake/requests`. */
export const JournalSchema = z.object({
  requests: z.array(z.looseObject({})),
  next: z.int().nonnegative(),
  dropped: z.int().nonnegative(),
  limits: z.looseObject({}),
  matched: z.int().nonnegative(),
  reached: z
    .boolean()
    .optional()
    .describe("With `wait` or `count`: whether `count` entries matched."),
});
