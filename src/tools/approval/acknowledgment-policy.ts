import type { ContentReview } from "../../resources/content/review.js";

/**
 * Who may acknowledge AI-ism matches when a tool approves or schedules an item:
 * - `"ask"` (default): a person, where the host or framework can ask one; otherwise the model,
 *   by calling again with `acknowledgeAiIsms: true`;
 * - `"human"`: only a person; where nobody can be asked the refusal stands, and it tells the
 *   model to ask its user;
 * - `"model"`: never ask; the model acknowledges, as the service allows.
 */
export type AcknowledgmentMode = "ask" | "human" | "model";

/**
 * Asks a person whether to approve `review.text` despite its `review.aiIsmMatches`; resolves to
 * their answer. Only called for a review that needs an acknowledgment.
 */
export type ConfirmAcknowledgment = (review: ContentReview) => Promise<boolean>;

/** The approval options every tool face takes. */
export interface AcknowledgmentOptions {
  /** Who may acknowledge AI-ism matches ({@link AcknowledgmentMode}); default `"ask"`. */
  readonly acknowledgment?: AcknowledgmentMode | undefined;
}

/** The approval options of a runner without an approval step of its own. */
export interface ConfirmOptions extends AcknowledgmentOptions {
  /**
   * Asks a person before a tool acknowledges AI-ism matches, with the exact text and matches.
   * `true` acknowledges that text only (re-checked just before the write); `false` leaves the
   * item as it is and tells the model the user did not approve.
   */
  readonly confirm?: ConfirmAcknowledgment | undefined;
}

const MODES: readonly unknown[] = ["ask", "human", "model"];

/** The mode an option names, or a `TypeError` naming the option. */
export function acknowledgmentModeOf(
  options: AcknowledgmentOptions | undefined,
): AcknowledgmentMode {
  const mode = options?.acknowledgment;
  if (mode === undefined) return "ask";
  if (!MODES.includes(mode)) {
    throw new TypeError(
      `options.acknowledgment must be "ask", "human" or "model"; got ${JSON.stringify(mode)}.`,
    );
  }
  return mode;
}

/** The `confirm` option checked, or a `TypeError` naming it. */
export function confirmOf(options: ConfirmOptions | undefined): ConfirmAcknowledgment | undefined {
  const confirm = options?.confirm;
  if (confirm !== undefined && typeof confirm !== "function") {
    throw new TypeError("options.confirm must be a function (review) => Promise<boolean>.");
  }
  return confirm;
}
