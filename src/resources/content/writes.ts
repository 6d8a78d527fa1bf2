/** The item writes an acknowledgment can go with: `PATCH /content/:id` and the schedule call. */
import { PlannedTimePassedError } from "../../core/errors/local-errors.js";
import { type ContentItem, ContentItemSchema, ItemEnvelopeSchema } from "../../schemas/index.js";
import { parseWith, readJson, requestParsed, unwrapSingle } from "../parse-response.js";
import type { AcknowledgeableWrite } from "./acknowledge.js";
import type { scheduleBody, updateBody } from "./checks.js";

/** The approval's flag that its planned time had passed (api-v1.md §4 PATCH rule 4). */
const PlannedTimePassedFlag = ItemEnvelopeSchema.pick({ plannedTimePassed: true });

/**
 * `PATCH /content/:id` or `POST /content/:id/schedule` with `body`, plus
 * `acknowledgeAiIsms: true` when it acknowledges.
 */
export function itemWrite(
  operation: string,
  method: "PATCH" | "POST",
  path: string,
  body: ReturnType<typeof updateBody> | ReturnType<typeof scheduleBody>,
): AcknowledgeableWrite<ContentItem> {
  return async (ctx, { options, acknowledge }) => {
    const sent = acknowledge ? { ...body, acknowledgeAiIsms: true } : body;
    const request = { operation, method, path, body: sent, options } as const;
    if (method === "POST") return requestParsed(ctx, ContentItemSchema, request, "item");
    const response = await ctx.transport.request(request, ctx.call);
    const { value, wrapper } = unwrapSingle(readJson(response, ctx.reader), "item");
    const item = parseWith(ContentItemSchema, value, response, ctx.reader);
    // api-v1.md §4 PATCH rule 4: the approval stands but nothing was queued. The flag sits beside
    // `item`, or on the item itself when the body is the bare item (then `wrapper` is the item).
    const { plannedTimePassed } = parseWith(PlannedTimePassedFlag, wrapper, response, ctx.reader);
    if (plannedTimePassed === true) throw new PlannedTimePassedError(item);
    return item;
  };
}
