import { z } from "zod";
import { defineTool } from "../define-tool.js";
import { contentIdInput, WRITE_HINTS } from "./shared-fields.js";

const deletedResult = z.strictObject({
  deleted: z.literal(true).describe("Always true: the item is gone."),
  id: z.string().describe("The id of the deleted item."),
});

/** `delete_content`: removes a non-published item for good. */
export const deleteContent = defineTool(
  {
    name: "delete_content",
    title: "Delete content",
    description:
      "Permanently delete one content item that is not published (a scheduled post is " +
      "cancelled with the provider first, best effort). This cannot be undone; to keep a " +
      "record, reject it instead with update_content status cancelled. Published items " +
      "cannot be deleted (published_immutable). Returns { deleted: true, id }. Free; counts " +
      "toward the limit of 60 requests per minute.",
    inputSchema: contentIdInput,
    outputSchema: deletedResult,
    annotations: {
      ...WRITE_HINTS,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: true,
    },
  },
  async (client, input, options) => {
    await client.content.delete(input.id, options);
    return { deleted: true, id: input.id };
  },
);
