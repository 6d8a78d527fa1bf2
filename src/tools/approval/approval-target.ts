/**
 * Which tool calls meet the acknowledgment gate (api-v1.md §4 PATCH rule 3, schedule rule 2):
 * `update_content` to status `pending`, and `schedule_content`.
 */

/** The item a tool call would approve or schedule, or `undefined` when the gate does not apply. */
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
