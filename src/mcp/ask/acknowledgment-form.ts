/**
 * The form a person sees before a tool acknowledges AI-ism matches: the exact text, its matches,
 * and approve or decline; and their answer read back from the host's input responses.
 */
import { type InputRequest, inputRequired, inputResponse } from "@modelcontextprotocol/server";
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

/**
 * The person's answer in a retried call: `approve` only for an accepted form with the box
 * ticked; `decline` for a declined or cancelled form or an unticked box; `undefined` when the
 * call carries no answer.
 */
export function acknowledgmentAnswer(
  responses: Record<string, unknown> | undefined,
): "approve" | "decline" | undefined {
  const answer = inputResponse(responses, ACKNOWLEDGMENT_INPUT_KEY);
  if (answer.kind !== "elicit") return undefined;
  return answer.action === "accept" && answer.content?.[APPROVE_FIELD] === true
    ? "approve"
    : "decline";
}
