/**
 * The card's face in `tools/list` and `tools/call`, for hosts that render MCP Apps:
 * `review_content` (the model opens the card), `decide_review` (app-only: the card decides), and
 * a gated call on text with AI-ism matches answered `awaiting_review` with the card instead of a
 * form or a refusal. Hosts without the Apps extension never reach this file.
 */
import { resultRedactorOf } from "../../../core/result-redactor.js";
import type { Proposal } from "../../../tools/approval/index.js";
import { toolError } from "../../../tools/envelope.js";
import { resultOfError } from "../../../tools/error-result.js";
import { toJsonSafe } from "../../../tools/json-safe.js";
import { toToolParameters } from "../../../tools/json-schema.js";
import { findTool } from "../../../tools/tool-list.js";
import type { McpCallResult } from "../../server/call-result.js";
import type { McpListedTool } from "../../server/tool-listing.js";
import { awaitingReview, resultOf } from "./awaiting-review.js";
import { REVIEW_CARD_URI } from "./card-page.js";
import { DecideReviewInput, decideReview, type ReviewDecisionDeps } from "./decide-review.js";

const AWAITING_REVIEW = {
  type: "object",
  properties: {
    status: { const: "awaiting_review" },
    itemId: { type: "string" },
    text: { type: "string" },
    message: { type: "string" },
    proposal: {
      type: "object",
      properties: {
        channelId: { type: "string" },
        channelName: { type: "string" },
        scheduledAt: { type: "string" },
        publishNow: { const: true },
      },
    },
  },
  required: ["status", "itemId"],
} as const;

const ITEM_ID = { type: "object", properties: { id: { type: "string", minLength: 1 } } } as const;

/**
 * The card's tools, and the gated tools linked to the card: hosts pick a tool's UI from its
 * definition (`_meta.ui.resourceUri`), not from a result, so a gated tool that does not name the
 * card in `tools/list` never has its `awaiting_review` answer shown. Their output schemas admit
 * `awaiting_review`.
 */
export function cardListing(listing: readonly McpListedTool[]): McpListedTool[] {
  const tools = listing.map((tool) =>
    findTool(tool.name)?.definition.gated
      ? {
          ...tool,
          outputSchema: { type: "object" as const, anyOf: [tool.outputSchema, AWAITING_REVIEW] },
          _meta: { ...(tool._meta as object | undefined), ui: { resourceUri: REVIEW_CARD_URI } },
        }
      : tool,
  );
  const annotations = { destructiveHint: false, openWorldHint: true };
  return [
    ...tools,
    {
      name: "review_content",
      title: "Show an item for review",
      description:
        "Opens the review card for a content item: the person sees the text as the channel will " +
        "show it, with each AI-writing match marked, and approves, schedules, edits or declines " +
        "there. The answer says awaiting_review; do not call again for the item, wait for the " +
        "person's decision.",
      inputSchema: { ...ITEM_ID, required: ["id"], additionalProperties: false },
      outputSchema: { ...AWAITING_REVIEW },
      annotations: {
        title: "Show an item for review",
        readOnlyHint: true,
        idempotentHint: true,
        ...annotations,
      },
      _meta: { ui: { resourceUri: REVIEW_CARD_URI } },
    },
    {
      name: "decide_review",
      title: "Decide in the review card",
      description: "The review card's decision. Only the card can call it, with its review token.",
      inputSchema: toToolParameters(DecideReviewInput),
      outputSchema: { type: "object" as const },
      annotations: {
        title: "Decide in the review card",
        readOnlyHint: false,
        idempotentHint: false,
        ...annotations,
      },
      _meta: { ui: { resourceUri: REVIEW_CARD_URI, visibility: ["app"] } },
    },
  ];
}

/** The card's own tools, which only a host that renders the card may call. */
export const CARD_TOOL_NAMES: ReadonlySet<string> = new Set(["review_content", "decide_review"]);

/**
 * The card's answer to a call, or `undefined` when the tool runs as it would without the card:
 * `review_content` opens the card and `decide_review` decides; a gated call (under `"ask"` or
 * `"human"`) on `gatedItemId` answers `awaiting_review` at once and sends nothing, when the item's
 * text has matches. A failed read answers its error: it never falls through to a call that might
 * carry the model's own acknowledgment.
 */
export async function cardAnswer(
  name: string,
  input: object,
  deps: ReviewDecisionDeps,
  gatedItemId?: string,
): Promise<McpCallResult | undefined> {
  if (name === "decide_review") return resultOf(await decideReview(input, deps));
  if (gatedItemId !== undefined) {
    const proposal = await proposalOf(input, deps);
    return openCard(gatedItemId, "acknowledgment_required", deps, proposal);
  }
  const id = (input as { id?: unknown } | null)?.id;
  if (typeof id !== "string" || id === "") {
    return resultOf({
      result: toolError("validation_error", "id: the item to review", { param: "id" }),
    });
  }
  return openCard(id, "requested", deps);
}

/**
 * The channel and time the gated call carried (only those), with the proposed channel's name:
 * the card shows them, and the person's approval keeps them.
 */
async function proposalOf(input: object, deps: ReviewDecisionDeps): Promise<Proposal | undefined> {
  const { channelId, scheduledAt, publishNow } = input as {
    channelId?: string;
    scheduledAt?: string;
    publishNow?: true;
  };
  if (channelId === undefined && scheduledAt === undefined && publishNow === undefined) {
    return undefined;
  }
  let channelName: string | undefined;
  if (channelId !== undefined) {
    // The name is for the person's eyes only: a failed list leaves it out.
    const channels = await deps.gate.client.channels.list({}, deps.options).catch(() => []);
    const shown = channels.find((channel) => channel.id === channelId)?.displayName;
    channelName = typeof shown === "string" ? shown : undefined;
  }
  return toJsonSafe({ channelId, channelName, scheduledAt, publishNow }) as Proposal;
}

/** The card for `itemId`; a gated call's card only when the text has matches. */
async function openCard(
  itemId: string,
  reason: "requested" | "acknowledgment_required",
  deps: ReviewDecisionDeps,
  proposal?: Proposal,
): Promise<McpCallResult | undefined> {
  const { gate, options } = deps;
  const redact = resultRedactorOf(gate.client);
  try {
    const shown = await gate.ask({ itemId }, { scope: "card", options, proposal });
    if (reason === "acknowledgment_required" && !shown.review.needsAcknowledgment) return undefined;
    const message =
      `The person now reviews ${itemId} in the review card shown to them, and approves, ` +
      "schedules, edits or declines it there. Nothing was sent. Do not call this or another " +
      "tool again for this item; their decision reaches you when they make it.";
    return resultOf(awaitingReview(shown, { reason, proposal, redact, message }));
  } catch (error) {
    return resultOf({ result: resultOfError(error, redact) });
  }
}
