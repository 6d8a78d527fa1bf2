// The approval gate's entry: the only file src/mcp and src/frameworks import from
// src/tools/approval/ (.dependency-cruiser.cjs). No logic lives here.

export { type AcknowledgmentOptions, acknowledgmentModeOf } from "./acknowledgment-policy.js";
export { declinedResult, describeMatches, questionText } from "./approval-envelopes.js";
export type { Proposal, SignedReview, Ticket } from "./approval-ticket.js";
export {
  type CardQuestion,
  createGate,
  type Gate,
  NO_PROOF,
  type Proof,
  type TokenRefusal,
} from "./gate.js";
export {
  type ApprovalStepOptions,
  approvalStepOf,
  type PendingReviewStore,
  stepOf,
} from "./pending-reviews.js";
export { memorySpentTickets, type SpentTickets } from "./spent-tickets.js";
