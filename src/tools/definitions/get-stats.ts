import { z } from "zod";
import { StatsSchema } from "../../schemas/index.js";
import { defineTool } from "../define-tool.js";
import { READ_HINTS } from "./shared-fields.js";

const inputSchema = z.strictObject({
  days: z
    .int()
    .min(1)
    .max(365)
    .optional()
    .describe("Size of the window in days, 1 to 365. Default: 30."),
});

/** `get_stats`: pipeline counts, channel balance, AI-ism rate and generation quota use. */
export const getStats = defineTool(
  {
    name: "get_stats",
    title: "Get pipeline stats",
    description:
      "Read workspace analytics over the last days: items per status and source (pipeline), " +
      "per channel (channelBalance), the share of items with AI-writing patterns (aiIsm.rate, " +
      "a fraction), and generation quota use (usage.current of usage.limit, resetting at " +
      "usage.periodEnd). Check usage before generate_content. Free; counts toward the limit " +
      "of 60 reads per minute.",
    inputSchema,
    outputSchema: StatsSchema,
    annotations: READ_HINTS,
  },
  (client, input, options) => client.stats.get(input, options),
);
