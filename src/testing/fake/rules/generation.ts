/** The fake's writer: deterministic text from the prompt and the channel, within the channel's cap. */
import { hasTitles } from "../model/build-workspace.js";
import type { ChannelRecord } from "../model/records.js";

function sentence(prompt: string): string {
  const trimmed = prompt.trim().replace(/\s+/g, " ");
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** The post the fake "writes" for a prompt on a channel; the same inputs give the same text. */
export function generatePost(
  prompt: string,
  channel: ChannelRecord,
): { content: string; title: string | null } {
  const lead = sentence(prompt);
  let content: string;
  if (channel.platform === "x") content = `${lead} (${channel.displayName})`;
  else if (hasTitles(channel.platform)) {
    content = `${lead}\n\nThis essay for ${channel.displayName} walks through the idea step by step.`;
  } else content = `${lead}\n\nA few notes from ${channel.displayName} on what we learned.`;
  if (content.length > channel.characterCap) content = content.slice(0, channel.characterCap);
  const title = hasTitles(channel.platform) ? lead.replace(/[.!?]$/, "").slice(0, 100) : null;
  return { content, title };
}
