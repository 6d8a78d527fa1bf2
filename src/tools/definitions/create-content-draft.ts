import { z } from "zod";
import { ItemEnvelopeSchema } from "../../schemas/index.js";
import { defineTool } from "../define-tool.js";
import { channelIdField, nonEmptyString, WRITE_HINTS } from "./shared-fields.js";

const inputSchema = z.strictObject({
  channelId: channelIdField.describe("The one channel this post is for (id from list_channels)."),
  body: nonEmptyString.describe("The post text, exactly as it should be published."),
  topic: nonEmptyString.optional().describe("A short topic label for the post."),
  title: nonEmptyString
    .optional()
    .describe(
      "Title for long-form essay platforms (published as Untitled without one); ignored elsewhere.",
    ),
});

/** `create_content_draft`: saves text the agent wrote as a free draft on one channel. */
export const createContentDraft = defineTool(
  {
    name: "create_content_draft",
    title: "Save a draft",
    description:
      "Save a post you wrote yourself as a draft on one channel. Free: uses no generation credit " +
      "and works even when the quota is used up. channelId is required (one channel; get ids " +
      "from list_channels); if it is missing or unusable the error lists the connected channels " +
      "in error.channels, so pick one and call again. Counts toward the limit of 10 creates per " +
      "minute, shared with generate_content. The text is checked on creation: the returned item " +
      "reports flagged with flagReasons (over the channel's length cap), sensitive with " +
      "sensitivityReasons, and aiIsmMatches (AI-writing patterns; approving such text later " +
      "needs acknowledgeAiIsms). Returns { item }; approve it with update_content or " +
      "schedule_content.",
    inputSchema,
    outputSchema: ItemEnvelopeSchema,
    annotations: WRITE_HINTS,
  },
  async (client, input, options) => ({ item: await client.content.createDraft(input, options) }),
  { channelParam: "channelId" },
);
