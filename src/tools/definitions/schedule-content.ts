import { z } from "zod";
import { ItemEnvelopeSchema } from "../../schemas/index.js";
import { defineTool } from "../define-tool.js";
import {
  acknowledgeAiIsms,
  contentId,
  NEEDS_ACKNOWLEDGMENT,
  WRITE_HINTS,
} from "./shared-fields.js";

const inputSchema = z
  .strictObject({
    id: contentId,
    scheduledAt: z.iso
      .datetime({ offset: true })
      .optional()
      .describe(
        "When to publish: an ISO-8601 timestamp in the future, e.g. 2026-10-01T09:00:00Z " +
          "(snapped to 5 minutes). Give this or publishNow, not both.",
      ),
    publishNow: z
      .literal(true)
      .optional()
      .describe("true to publish on the next publish tick. Give this or scheduledAt, not both."),
    acknowledgeAiIsms: acknowledgeAiIsms.optional(),
  })
  .refine((input) => input.scheduledAt !== undefined || input.publishNow !== undefined, {
    path: ["scheduledAt"],
    error: "Give exactly one of scheduledAt or publishNow: true.",
  })
  .refine((input) => input.scheduledAt === undefined || input.publishNow === undefined, {
    path: ["publishNow"],
    error: "Give only one of scheduledAt or publishNow, not both.",
  });

/** `schedule_content`: approve if needed and schedule one item. */
export const scheduleContent = defineTool(
  {
    name: "schedule_content",
    title: "Schedule or publish content",
    description:
      "Approve (if needed) and schedule one content item for publishing, in one call. Give " +
      "exactly one of scheduledAt (a future ISO-8601 time, snapped to 5 minutes) or " +
      "publishNow: true (goes out on the next publish tick). The item needs a connected " +
      "channel: if it has none, set one with update_content channelId first. Text that matches " +
      `AI-writing patterns ${NEEDS_ACKNOWLEDGMENT} An x post with a link may need URL credits ` +
      "(x_url_credit_required). If the publishing provider rejects it the error is " +
      "publish_failed and the item is failed. Returns { item }. Free; counts toward the limit " +
      "of 60 requests per minute.",
    inputSchema,
    outputSchema: ItemEnvelopeSchema,
    annotations: { ...WRITE_HINTS, destructiveHint: true, openWorldHint: true },
  },
  async (client, { id, scheduledAt, ...rest }, options) => ({
    item: await client.content.schedule(
      id,
      // A Date is sent as UTC, whatever offset the model wrote.
      {
        ...rest,
        ...(scheduledAt === undefined ? {} : { scheduledAt: new Date(scheduledAt) }),
      },
      options,
    ),
  }),
  { approvedItem: (input) => input.id },
);
