// The approval gate's entry: the only file src/mcp and src/frameworks import from
// src/tools/approval/ (.dependency-cruiser.cjs). No logic lives here.

export {
  type AcknowledgmentMode,
  type AcknowledgmentOptions,
  acknowledgmentModeOf,
} from "./acknowledgment-policy.js";
export { declinedResult, describeMatches } from "./approval-envelopes.js";
export { askAbout, mintQuestion, openQuestion, questionText } from "./approval-question.js";
export {
  mintTicket,
  type Proposal,
  type SignedReview,
  type Ticket,
  type TicketCodec,
  ticketCodec,
} from "./approval-ticket.js";
export {
  mintCardTicket,
  type ReviewBinding,
  spendCardTicket,
  type TokenRefusal,
} from "./card-ticket.js";
export { type PersonGate, sendCall } from "./gated-call.js";
export { gateOfStep, type PendingReviewStore, registerApprovalStep } from "./pending-reviews.js";
export { memorySpentTickets, type SpentTickets } from "./spent-tickets.js";
