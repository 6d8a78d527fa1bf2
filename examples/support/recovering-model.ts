/**
 * The decisions of a scripted model that recovers the way the tool envelopes tell it to, for the
 * framework examples. It reads only the last tool result it was sent: it drafts without naming a
 * channel, picks a LinkedIn channel from `error.channels`, approves, and acknowledges the
 * AI-writing patterns listed in `error.aiIsmMatches`. Each framework example turns these
 * decisions into that framework's own test model.
 */
import { tools } from "../../src/tools/index.js";

/** What the model does next: call a tool, or answer in text and stop. */
export type ModelMove =
  | { readonly kind: "call"; readonly tool: string; readonly input: Record<string, unknown> }
  | { readonly kind: "finish"; readonly text: string };

// "delve" is one of the service's AI-writing patterns: approving this text needs acknowledging it.
const POST =
  "Let's delve into our new export pipeline: a 50k-row CSV now downloads in under three seconds.";

/**
 * A fresh model. With `strict`, every call lists every parameter and `null` stands for "not
 * given", as OpenAI's strict function calling writes it.
 */
export function recoveringModel({ strict = false }: { strict?: boolean } = {}) {
  const seen: unknown[] = [];
  let itemId: string | undefined;

  function call(tool: string, input: Record<string, unknown>): ModelMove {
    console.log(`  model calls ${tool} ${JSON.stringify(input)}`);
    if (!strict) return { kind: "call", tool, input };
    const properties = tools.find((t) => t.name === tool)?.parameters.properties ?? {};
    const nulls = Object.fromEntries(Object.keys(properties).map((key) => [key, null]));
    return { kind: "call", tool, input: { ...nulls, ...input } };
  }

  /** The next move, given the result of the last tool call (nothing before the first). */
  function next(lastResult?: unknown): ModelMove {
    if (lastResult !== undefined) seen.push(lastResult);
    const result = lastResult as { error?: Record<string, unknown>; item?: { id?: string } };
    if (result?.error)
      console.log(`  model reads error.${Object.keys(result.error).join(", error.")}`);
    switch (seen.length) {
      case 0:
        return call("create_content_draft", { body: POST });
      case 1: {
        const channels = result.error?.channels as { id: string; platform: string }[] | undefined;
        const linkedin = channels?.find((channel) => channel.platform === "linkedin");
        if (linkedin !== undefined) {
          return call("create_content_draft", { channelId: linkedin.id, body: POST });
        }
        break;
      }
      case 2:
        itemId = result.item?.id;
        if (itemId !== undefined) return call("update_content", { id: itemId, status: "pending" });
        break;
      case 3:
        if (result.error?.acknowledgmentRequired === true) {
          return call("update_content", { id: itemId, status: "pending", acknowledgeAiIsms: true });
        }
        break;
      case 4:
        return { kind: "finish", text: `Approved ${result.item?.id}.` };
    }
    return { kind: "finish", text: `Stuck on ${JSON.stringify(lastResult)}` };
  }

  return { next, seen };
}
