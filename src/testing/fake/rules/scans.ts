/**
 * The deterministic scans of api-v1.md §2.1: length against the channel tier's cap, AI-isms, and
 * sensitivity (keywords and principles). A text is judged by the workspace's shared settings
 * plus those of its voice (§2.4 rule 3).
 */
import type {
  ChannelRecord,
  ContentRecord,
  ScanResult,
  WorkspaceRecord,
} from "../model/records.js";
import type { FakeStore } from "../model/store.js";
import type { PrincipleRecord, Voice } from "../model/workspace-settings.js";

/** AI-isms found in a text, minus the labels allowlisted for the workspace or the voice. */
export function findAiIsms(
  store: FakeStore,
  workspace: WorkspaceRecord,
  text: string,
  voice: Voice,
) {
  const allowlist = new Set([
    ...workspace.config.aiIsmAllowlist,
    ...workspace.config.voices[voice].aiIsmAllowlist,
  ]);
  const matches: { label: string; match: string }[] = [];
  for (const { label, pattern } of store.aiIsmPatterns) {
    if (allowlist.has(label)) continue;
    const found = new RegExp(pattern.source, pattern.flags.replace("g", "")).exec(text);
    if (found) matches.push({ label, match: found[0] });
  }
  return matches;
}

function containsPhrase(text: string, phrase: string): boolean {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`\\b${escaped}\\b`, "i").test(text);
}

/** `keyword: <word>` and `principle: <rule>` entries for a text. */
function findSensitivity(workspace: WorkspaceRecord, text: string, voice: Voice): string[] {
  const voiceSettings = workspace.config.voices[voice];
  const keywords = [
    ...new Set([...workspace.config.sensitivityKeywords, ...voiceSettings.sensitivityKeywords]),
  ];
  const principles: PrincipleRecord[] = [
    ...workspace.config.principles,
    ...voiceSettings.principles,
  ];
  const reasons = keywords
    .filter((word) => containsPhrase(text, word))
    .map((word) => `keyword: ${word}`);
  for (const principle of principles) {
    if (principle.triggers.some((trigger) => containsPhrase(text, trigger))) {
      reasons.push(`principle: ${principle.rule}`);
    }
  }
  return reasons;
}

/** Runs every scan on a text as it would be saved on a channel (or a voice, without one). */
function judgeText(
  store: FakeStore,
  workspace: WorkspaceRecord,
  text: string,
  target: { channel: ChannelRecord | undefined; voice: Voice },
): ScanResult {
  const voice = target.channel?.voice ?? target.voice;
  const overCap = target.channel !== undefined && text.length > target.channel.characterCap;
  return {
    flagReasons: overCap ? ["length_violation"] : [],
    aiIsmMatches: findAiIsms(store, workspace, text, voice),
    sensitivityReasons: findSensitivity(workspace, text, voice),
  };
}

/** Re-runs the scans on an item's saved text and channel (api-v1.md §2.1 rule 4). */
export function scanItem(store: FakeStore, workspace: WorkspaceRecord, item: ContentRecord): void {
  const channel = store.channelOf(workspace, item.channelId);
  item.scan = judgeText(store, workspace, item.content, { channel, voice: item.voice });
}
