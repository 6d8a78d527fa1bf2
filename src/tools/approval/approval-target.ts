/**
 * Which tool calls meet the acknowledgment gate (api-v1.md §4 PATCH rule 3, schedule rule 2):
 * `update_content` to status `pending`, and `schedule_content`.
 */
import type { AcknowledgmentMode } from "./acknowledgment-policy.js";

/** The item a valid tool input would approve or schedule, or `undefined` when the gate does not apply. */
export function approvalTarget(toolName: string, input: unknown): string | undefined {
  if (input === null || typeof input !== "object") return undefined;
  const { id, status } = input as { id?: unknown; status?: unknown };
  if (typeof id !== "string" || id === "") return undefined;
  if (toolName === "schedule_content") return id;
  if (toolName === "update_content" && status === "pending") return id;
  return undefined;
}

/** Whether a tool may meet the gate at all (for hosts that register approval per tool). */
export function mayNeedApproval(toolName: string): boolean {
  return toolName === "update_content" || toolName === "schedule_content";
}

/** The input without the model's own `acknowledgeAiIsms`: under "ask" and "human" only a person's counts. */
export function withoutModelAcknowledgment<T extends object>(input: T): T {
  const { acknowledgeAiIsms: _ignored, ...rest } = input as T & { acknowledgeAiIsms?: unknown };
  return rest as T;
}

// The sentences of the two tools' descriptions that invite the model to acknowledge itself.
const MODEL_ACKNOWLEDGES = [
  ": rewrite the text, or call again with acknowledgeAiIsms: true.",
  " until you call again with acknowledgeAiIsms: true.",
];
const PERSON_DECIDES =
  ". Only a person may accept the matches: show your user the text and the matches, and " +
  "rewrite it if they ask.";

/**
 * A tool's description for a mode: under `"human"` the model is never told to acknowledge on
 * its own, since nothing it sends would.
 */
export function descriptionFor(
  definition: { readonly name: string; readonly description: string },
  mode: AcknowledgmentMode,
): string {
  if (mode !== "human" || !mayNeedApproval(definition.name)) return definition.description;
  return MODEL_ACKNOWLEDGES.reduce(
    (text, sentence) => text.replace(sentence, PERSON_DECIDES),
    definition.description,
  );
}
