import { z } from "zod";
import { defineTool } from "../define-tool.js";
import { noParameters, READ_HINTS } from "./shared-fields.js";

const budgetStatus = z.object({
  limit: z.int().nullable(),
  counting: z.int(),
  inFlight: z.int(),
  waiting: z.int(),
  nextSlotInMs: z.number(),
  heldForMs: z.number(),
});

const outputSchema = z.object({
  store: z.enum(["memory", "shared", "fallback"]),
  create: budgetStatus,
  other: budgetStatus,
});

/**
 * `get_rate_budget`: where the key's rate budgets stand (`client.rateBudget()`), read locally so
 * a model can plan a batch instead of meeting a refusal. It sends nothing and takes no slot.
 */
export const getRateBudget = defineTool(
  {
    name: "get_rate_budget",
    title: "Read the rate budget",
    description:
      "Read how much of this key's rate budget is left before planning a batch: create is " +
      "create_content_draft and generate_content (10 per minute), other is every other tool " +
      "(60 per minute). For each: limit (null for a browser session), counting (calls in the " +
      "last minute, including inFlight), waiting (calls in line), nextSlotInMs (0 when a call " +
      "could go now) and heldForMs (what is left of a rate-limit hold). store is shared when " +
      "the figures count every process on the key. Answered locally: free, sends nothing and " +
      "uses no slot.",
    inputSchema: noParameters,
    outputSchema,
    annotations: READ_HINTS,
  },
  async (client) => client.rateBudget(),
);
