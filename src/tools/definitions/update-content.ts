import { z } from "zod";
import { ItemEnvelopeSchema } from "../../schemas/index.js";
import { defineTool } from "../define-tool.js";
import {
  acknowledgeAiIsms,
  channelIdField,
  contentId,
  NEEDS_ACKNOWLEDGMENT,
  nonEmptyString,
  WRITE_HINTS,
} from "./shared-fields.js";

const inputSchema = z
  .strictObject({
    id: contentId,
    content: nonEmptyString
      .optional()
      .describe("New text replacing the current text (draft or pending items only)."),
    channelId: channelIdField
      .optional()
      .describe(
        "Move the item to this connected channel (same platform, id from list_channels). Send " +
          "it with status pending to approve an item that has no channel yet.",
      ),
    status: z
      .enum(["pending", "draft", "cancelled"])
      .optional()
      .describe("pending approves, draft un-approves, cancelled rejects."),
    rejectionReason: nonEmptyString
      .optional()
      .describe("Why the item is rejected; only with status cancelled."),
    acknowledgeAiIsms: acknowledgeAiIsms.optional(),
  })
  .refine(
    (input) => [input.content, input.channelId, input.status].some((field) => field !== undefined),
    {
      path: ["status"],
      error: "Nothing to update: send at least one of content, channelId or status.",
    },
  )
  .refine((input) => input.rejectionReason === undefined || input.status === "cancelled", {
    path: ["rejectionReason"],
    error: 'rejectionReason is only accepted with status "cancelled".',
  });

/** `update_content`: edit, move, approve, un-approve or reject one item. */
export const updateContent = defineTool(
  {
    name: "update_content",
    title: "Edit, approve or reject content",
    description:
      "Edit, move, approve, un-approve or reject one content item. content replaces the text " +
      "(draft or pending items only; the scans run again on the new text). channelId moves it " +
      "to another connected channel on the same platform. status pending approves: the item " +
      "needs a connected channel, so for an item without one send channelId in the same call. " +
      "status draft un-approves; status cancelled rejects, with an optional rejectionReason. " +
      `Approving text that matches AI-writing patterns ${NEEDS_ACKNOWLEDGMENT} ` +
      "If the approval stands but its planned time has already passed, the result has " +
      "plannedTimePassed: true and nothing is queued: call schedule_content next. Published " +
      "items cannot be changed. Returns { item }. Free; counts toward the limit of 60 requests " +
      "per minute.",
    inputSchema,
    outputSchema: ItemEnvelopeSchema,
    annotations: { ...WRITE_HINTS, openWorldHint: true },
  },
  async (client, { id, ...changes }, options) => ({
    item: await client.content.update(id, changes, options),
  }),
  { approvedItem: (input) => (input.status === "pending" ? input.id : undefined) },
);
