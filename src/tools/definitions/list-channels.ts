import { z } from "zod";
import { ChannelListResponseSchema } from "../../schemas/index.js";
import { defineTool } from "../define-tool.js";
import { nonEmptyString, READ_HINTS } from "./shared-fields.js";

const inputSchema = z.strictObject({
  platform: nonEmptyString
    .optional()
    .describe("Only channels on this platform, e.g. x or linkedin."),
});

/** `list_channels`: the workspace's channels, where every post must be placed. */
export const listChannels = defineTool(
  {
    name: "list_channels",
    title: "List channels",
    description:
      "List the workspace's channels (connected social accounts) with their ids. Every post " +
      "belongs to exactly one channel and the service never picks one, so call this first to " +
      "get the channelId for create_content_draft or the channelIds for generate_content. Only " +
      "connected channels (isActive) can be approved or scheduled. Returns { channels }. Free; " +
      "counts toward the limit of 60 reads per minute.",
    inputSchema,
    outputSchema: ChannelListResponseSchema,
    annotations: READ_HINTS,
  },
  async (client, input, options) => ({ channels: await client.channels.list(input, options) }),
);
