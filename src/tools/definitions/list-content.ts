import { z } from "zod";
import { CONTENT_SOURCES, CONTENT_STATUSES, ContentPageSchema } from "../../schemas/index.js";
import { defineTool } from "../define-tool.js";
import { channelIdField, nonEmptyString, READ_HINTS } from "./shared-fields.js";

const inputSchema = z.strictObject({
  status: z
    .enum([...CONTENT_STATUSES, "all"])
    .optional()
    .describe("Only items in this state. Default: all."),
  channelId: channelIdField
    .optional()
    .describe("Only items on this channel (id from list_channels)."),
  source: z
    .enum(CONTENT_SOURCES)
    .optional()
    .describe("Only items from this source; items created through these tools have source api."),
  cursor: nonEmptyString
    .optional()
    .describe("The nextCursor of the previous page, to read the next one."),
  limit: z.int().min(1).max(100).optional().describe("Items per page, 1 to 100. Default: 20."),
});

/** `list_content`: one page of content items, newest first. */
export const listContent = defineTool(
  {
    name: "list_content",
    title: "List content",
    description:
      "List the workspace's content items (posts), newest first, one page at a time. Use it to " +
      "find an item's id, review drafts awaiting approval, or check whether a create went " +
      "through before retrying it. Filter by status, channelId or source. Returns { items, " +
      "nextCursor }; pass nextCursor back as cursor for the next page (null means the end). Each " +
      "item has its text, status, channel, and scan results (flagged, sensitive, aiIsmMatches). " +
      "Free; counts toward the limit of 60 reads per minute.",
    inputSchema,
    outputSchema: ContentPageSchema,
    annotations: READ_HINTS,
  },
  (client, input, options) => client.content.listPage(input, options),
);
