import type { RequestOptions } from "../core/request-options.js";
import type { ToolErrorResult } from "./envelope.js";
import type { ToolClient } from "./tool-client.js";

/** Which input parameter names a tool's channel, and so which refusal deserves the choices. */
export type ChannelParam = "channelId" | "channelIds";

/**
 * Adds the workspace's connected channels to a refusal for a missing channel, as the service's
 * own refusal does (`error.channels` of `{ id, platform, name }`, api-v1.md §4 POST rule 6), so a
 * model can pick one without another round trip. The check happened locally, so no create was
 * sent and none of the 10-a-minute create budget was spent. If the channels cannot be read, the
 * refusal is returned as it was.
 */
export async function withChannelChoices(
  client: ToolClient,
  channelParam: ChannelParam,
  refusal: ToolErrorResult,
  options: RequestOptions | undefined,
): Promise<ToolErrorResult> {
  if (!refusalNamesParam(refusal, channelParam)) return refusal;
  let channels: Awaited<ReturnType<ToolClient["channels"]["list"]>>;
  try {
    channels = await client.channels.list({}, options);
  } catch {
    return refusal;
  }
  const choices = channels
    .filter((channel) => channel.isActive !== false)
    .map((channel) => ({
      id: channel.id,
      platform: String(channel.platform ?? ""),
      name: String(channel.displayName ?? channel.handle ?? channel.id),
    }));
  const listed =
    choices.length === 0
      ? "The workspace has no connected channel."
      : `Connected channels: ${choices.map((c) => `${c.name} (${c.platform}): ${c.id}`).join(", ")}.`;
  const ask =
    channelParam === "channelId" ? "Pass one id in channelId." : "Pass the ids in channelIds.";
  return {
    error: {
      ...refusal.error,
      message: `${refusal.error.message.replace(/\.$/, "")}. ${listed} ${ask}`,
      channels: choices,
    },
  };
}

/** Whether a refusal (or one of its `issues`) is about `channelParam` or a field inside it. */
export function refusalNamesParam(refusal: ToolErrorResult, channelParam: ChannelParam): boolean {
  const issues = Array.isArray(refusal.error.issues) ? refusal.error.issues : [refusal.error];
  return issues.some((issue) => {
    const param =
      issue !== null && typeof issue === "object" && "param" in issue ? issue.param : undefined;
    return (
      typeof param === "string" && (param === channelParam || param.startsWith(`${channelParam}.`))
    );
  });
}
