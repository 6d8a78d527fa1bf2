import { z } from "zod";
import { CreateContentResponseSchema } from "../../schemas/index.js";
import { defineTool } from "../define-tool.js";
import { channelIdField, nonEmptyString, WRITE_HINTS } from "./shared-fields.js";

const inputSchema = z.strictObject({
  channelIds: z
    .array(channelIdField)
    .min(1)
    .describe("Ids of the channels to write for (from list_channels); one post per channel."),
  prompt: nonEmptyString.describe("What the posts should be about."),
});

/** `generate_content`: the service writes one post per named channel (metered). */
export const generateContent = defineTool(
  {
    name: "generate_content",
    title: "Generate posts",
    description:
      "Have the service write new posts from a prompt: one post per channel in channelIds " +
      "(repeated ids count once). Costs one generation credit per channel; when you already " +
      "have the text, use create_content_draft instead, which is free. channelIds is required: " +
      "the service never picks a channel, so get ids from list_channels (a refusal lists them " +
      "in error.channels). Counts toward the limit of 10 creates per minute, shared with " +
      "create_content_draft. Returns { items }. If the monthly quota runs out partway, the " +
      "result also has warning.unfulfilledChannelIds: only the returned items were created and " +
      "billed, and calling again for them would duplicate them. With no quota left the error " +
      "is generation_limit (get_stats shows usage).",
    inputSchema,
    outputSchema: CreateContentResponseSchema,
    annotations: WRITE_HINTS,
  },
  (client, input, options) => client.content.generate(input, options),
  { channelParam: "channelIds" },
);
