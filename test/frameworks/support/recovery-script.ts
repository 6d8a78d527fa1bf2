import { tools } from "../../../src/tools/index.js";

/** What a scripted model does next: call a tool, or finish with a text answer. */
export type ModelMove =
  | { readonly kind: "call"; readonly tool: string; readonly input: Record<string, unknown> }
  | { readonly kind: "finish"; readonly text: string };

// "delve" is one of the fake's AI-writing patterns: approving this text needs an acknowledgment.
export const POST_WITH_AI_ISM =
  "Let's delve into our new export pipeline: a 50k-row CSV now downloads in under three seconds.";

/**
 * A model that recovers the way the envelopes tell it to, and reads nothing else: it drafts
 * without a channel, picks one from `error.channels`, approves, and acknowledges the AI-isms named
 * in `error.aiIsmMatches`. Each move depends only on the tool result the framework handed it, so
 * the run ends with one approved item only when every envelope reached the model intact.
 *
 * With `strict`, every call lists every parameter, and `null` stands for "not given", as OpenAI's
 * strict function calling writes it.
 */
export function recoveryScript({ strict = false }: { strict?: boolean } = {}) {
  const results: unknown[] = [];
  let itemId: string | undefined;

  function call(tool: string, input: Record<string, unknown>): ModelMove {
    if (!strict) return { kind: "call", tool, input };
    const properties = tools.find((t) => t.name === tool)?.parameters.properties ?? {};
    const full = Object.fromEntries(Object.keys(properties).map((key) => [key, null]));
    return { kind: "call", tool, input: { ...full, ...input } };
  }

  function next(lastResult?: unknown): ModelMove {
    if (lastResult !== undefined) results.push(lastResult);
    const result = lastResult as { error?: Record<string, unknown>; item?: { id?: string } };
    switch (results.length) {
      case 0:
        return call("create_content_draft", { body: POST_WITH_AI_ISM });
      case 1: {
        const channels = result.error?.channels as { id: string; platform: string }[] | undefined;
        const linkedin = channels?.find((channel) => channel.platform === "linkedin");
        if (result.error?.code !== "validation_error" || linkedin === undefined) break;
        return call("create_content_draft", { channelId: linkedin.id, body: POST_WITH_AI_ISM });
      }
      case 2:
        itemId = result.item?.id;
        if (itemId === undefined) break;
        return call("update_content", { id: itemId, status: "pending" });
      case 3:
        if (result.error?.acknowledgmentRequired !== true) break;
        if (!Array.isArray(result.error.aiIsmMatches)) break;
        return call("update_content", { id: itemId, status: "pending", acknowledgeAiIsms: true });
      case 4:
        return { kind: "finish", text: `Approved ${result.item?.id}.` };
    }
    return { kind: "finish", text: `Stuck: ${JSON.stringify(lastResult)}` };
  }

  return { next, results };
}

/** The JSON a framework handed the model as a tool's result, whatever form it wrapped it in. */
export function parseToolOutput(output: unknown): unknown {
  return typeof output === "string" ? JSON.parse(output) : output;
}
