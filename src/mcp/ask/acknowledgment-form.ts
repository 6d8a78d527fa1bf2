/**
 * The form a person sees before a tool acknowledges AI-ism matches: the exact text, its matches,
 * and approve or decline (`input-responses.ts` reads their answer back).
 */
import { type InputRequest, inputRequired } from "@modelcontextprotocol/server";
import type { ContentReview } from "../../resources/content/review.js";
import { questionText } from "../../tools/approval/index.js";

/** The key of the question in `inputRequests` / `inputResponses`. */
export const ACKNOWLEDGMENT_INPUT_KEY = "acknowledgment";

/** The form field a person ticks to approve. */
export const APPROVE_FIELD = "approve";

/** The elicitation form for `review`: the text and matches in the message, one approve box. */
export function acknowledgmentForm(review: ContentReview): InputRequest {
  return inputRequired.elicit({
    mode: "form",
    message: questionText(review),
    requestedSchema: {
      type: "object",
      properties: {
        [APPROVE_FIELD]: {
          type: "boolean",
          title: "Approve this text",
          description: "Tick to approve the text as it is; decline to leave the item unchanged.",
          default: false,
        },
      },
      required: [APPROVE_FIELD],
    },
  });
}
