/**
 * The review card's code in the host's frame (an MCP App, `@modelcontextprotocol/ext-apps`):
 * it shows the item the tool result names, each AI-ism match marked where it stands, and decides
 * through the app-only tool `decide_review` with the token the result's `_meta` carries. It is
 * bundled into the card's one HTML document at build time (scripts/build-review-card.mjs); it
 * loads nothing from outside the frame.
 */
import {
  App,
  applyDocumentTheme,
  applyHostStyleVariables,
  type McpUiHostContext,
  type McpUiToolResultNotification,
} from "@modelcontextprotocol/ext-apps";
import type { AiIsmMatch, ContentItem } from "../../../../schemas/content.js";
import type { Proposal } from "../../../../tools/approval/index.js";
import { REVIEW_TOKEN_META_KEY } from "../review-token.js";

/** What the card shows: the `awaiting_review` answer of a gated tool or of `review_content`. */
interface CardReview {
  itemId: string;
  text: string;
  aiIsmMatches: AiIsmMatch[];
  channelName?: string;
  platform?: string;
  itemStatus?: string;
  scheduledAt?: string;
  flagReasons?: string[];
  sensitivityReasons?: string[];
  /** What the model's call proposed, when it named a channel or a time. */
  proposal?: Proposal;
}

/** A tool result, as the host hands it to the card or `decide_review` answers. */
type ToolResult = McpUiToolResultNotification["params"];
/** A tool result's answer, as the card reads it. */
type Answer = Record<string, any>;

const app = new App({ name: "postline-review-card", version: "1.0.0" });
let review: CardReview | undefined;
let token: string | undefined;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const listItem = (textContent: string) =>
  Object.assign(document.createElement("li"), { textContent });

function applyHost(context: McpUiHostContext | undefined): void {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
}

/** A tool result's structured content, or else the JSON of its first text block. */
function answerOf(result: ToolResult): Answer {
  const [first] = (result.content ?? []) as { text?: string }[];
  try {
    return (result.structuredContent ?? JSON.parse(first?.text ?? "{}") ?? {}) as Answer;
  } catch {
    return {};
  }
}

/** The text with every occurrence of every match wrapped in `<mark>`, built as DOM nodes. */
function markedText(text: string, matches: CardReview["aiIsmMatches"]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const spans: { start: number; end: number; label: string }[] = [];
  for (const { label, match } of matches) {
    if (match === "") continue;
    for (let at = text.indexOf(match); at >= 0; at = text.indexOf(match, at + match.length)) {
      spans.push({ start: at, end: at + match.length, label });
    }
  }
  let cursor = 0;
  for (const { start, end, label } of spans.sort((a, b) => a.start - b.start)) {
    if (start < cursor) continue;
    const mark = document.createElement("mark");
    mark.textContent = text.slice(start, end);
    mark.title = `AI-writing pattern: ${label}`;
    fragment.append(text.slice(cursor, start), mark);
    cursor = end;
  }
  fragment.append(text.slice(cursor));
  return fragment;
}

/** How a platform id reads in the header; an id not named here shows as it is. */
const PLATFORM_NAMES: Record<string, string> = {
  x: "X",
  linkedin: "LinkedIn",
  medium: "Medium",
  instagram: "Instagram",
  facebook: "Facebook",
  threads: "Threads",
  bluesky: "Bluesky",
  tiktok: "TikTok",
  youtube: "YouTube",
};

/**
 * The header's channel: its name, then the platform unless the name already says it
 * ("Acme on X", "Acme · LinkedIn"); the platform alone for a channel without a name.
 */
function channelLabel(channelName: string | undefined, platform: string | undefined): string {
  const name = (channelName ?? "").trim();
  const id = (platform ?? "").trim();
  const shown = PLATFORM_NAMES[id.toLowerCase()] ?? id;
  if (name === "") return shown;
  const words = name.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return shown === "" || words.includes(shown.toLowerCase()) ? name : `${name} · ${shown}`;
}

/** A time as the person reads it, in their own zone. */
function readableTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** "The agent proposes: Acme on X, publishing now", or `""` without a proposal. */
function proposalWords(proposal: Proposal | undefined): string {
  const parts = [
    proposal?.channelName?.trim() || proposal?.channelId?.trim(),
    proposal?.publishNow
      ? "publishing now"
      : proposal?.scheduledAt && readableTime(proposal.scheduledAt),
  ].filter((part) => part);
  return parts.length === 0 ? "" : `The agent proposes: ${parts.join(", ")}`;
}

/** `datetime-local` wants the person's local time, without zone or seconds. */
function localInputValue(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** Shows the review or the plain result, under `title` and the channel. */
function showPanel(panel: "review" | "plain", title: string, channel: string): void {
  byId("review").hidden = panel !== "review";
  byId("plain").hidden = panel !== "plain";
  byId("title").textContent = title;
  byId("channel").textContent = channel;
}

/** Shows `next` for review, with the token the result `from` carries. */
function render(next: CardReview, from: ToolResult, note = ""): void {
  // Filled in once per item: a new review after an edit keeps the time the person chose.
  const proposed = review?.itemId === next.itemId ? undefined : next.proposal;
  review = next;
  token = from._meta?.[REVIEW_TOKEN_META_KEY] as string | undefined;
  showPanel("review", "Review before posting", channelLabel(next.channelName, next.platform));
  byId("proposal").textContent = proposalWords(next.proposal);
  if (proposed?.publishNow) {
    byId<HTMLInputElement>("now").checked = true;
  } else if (proposed?.scheduledAt) {
    byId<HTMLInputElement>("when").value = localInputValue(proposed.scheduledAt);
  }
  byId("text").replaceChildren(markedText(next.text, next.aiIsmMatches));
  byId("length").textContent = `${[...next.text].length} characters`;
  byId("status").textContent = next.itemStatus ?? "";
  byId("planned").textContent = next.scheduledAt ? `Planned for ${next.scheduledAt}` : "";
  const reasons = [
    ...next.aiIsmMatches.map((m) => `AI-writing pattern “${m.label}”: “${m.match}”`),
    ...(next.flagReasons ?? []).map((r) => `Flagged: ${r}`),
    ...(next.sensitivityReasons ?? []).map((r) => `Sensitive: ${r}`),
  ];
  byId("reasons").replaceChildren(...reasons.map(listItem));
  const count = next.aiIsmMatches.length;
  const matches = count === 1 ? "this match" : `these ${count} matches`;
  byId("approve-help").textContent =
    count === 0
      ? "Approving makes the item pending for this exact text."
      : `Approving acknowledges ${matches} for this exact text.`;
  byId<HTMLTextAreaElement>("edit-text").value = next.text;
  byId("note").textContent = note;
  setBusy({ busy: token === undefined });
}

function setBusy({ busy }: { busy: boolean }): void {
  for (const button of document.querySelectorAll("button")) button.disabled = busy;
}

async function decide(decision: "approve" | "schedule" | "edit" | "decline"): Promise<void> {
  if (review === undefined || token === undefined) return;
  const args: Record<string, unknown> = { itemId: review.itemId, reviewToken: token, decision };
  if (decision === "schedule") {
    const when = byId<HTMLInputElement>("when").value;
    if (byId<HTMLInputElement>("now").checked) args.publishNow = true;
    else if (when !== "") args.scheduledAt = new Date(when).toISOString();
  }
  if (decision === "edit") args.text = byId<HTMLTextAreaElement>("edit-text").value;
  setBusy({ busy: true });
  const result = await app.callServerTool({ name: "decide_review", arguments: args });
  const answer = answerOf(result);
  const stale = answer.error?.code === "review_stale";
  if (answer.status === "awaiting_review" || stale) {
    const note = stale
      ? "The text changed: this is the new text."
      : "Saved. Approve the text you see.";
    const shown = stale ? answer.error.review : answer;
    render({ ...review, ...shown }, result, note);
    return;
  }
  const id = review.itemId;
  const words =
    answer.status === "approved"
      ? `The person approved ${id} in the review card; it is pending.`
      : answer.status === "scheduled"
        ? `The person approved and scheduled ${id} in the review card.`
        : answer.error?.code === "approval_declined"
          ? `The person declined ${id} in the review card; nothing changed.`
          : `The review card's decision on ${id} failed: ${answer.error?.message ?? "unknown"}`;
  byId("note").textContent = words;
  token = undefined;
  // The model is told; the person also gets a short message where the host allows one.
  const content = [{ type: "text" as const, text: words }];
  await app.updateModelContext({ content });
  if (app.getHostCapabilities()?.message) await app.sendMessage({ role: "user", content });
}

/** The plain result's line: what failed, or where the item stands now. */
function plainSummary(answer: Answer, { isError }: { isError: boolean }): string {
  const item = answer.item as Partial<ContentItem> | undefined;
  const error = answer.error as { code?: string; message?: string } | undefined;
  if (error) return `Not done: ${error.message ?? error.code ?? "the call failed"}`;
  if (isError) return "Not done: the call failed.";
  if (item === undefined) return "Done.";
  const id = item.id ?? "The item";
  if (item.status === "scheduled" && item.scheduledAt) {
    return `${id} is scheduled for ${readableTime(item.scheduledAt)}.`;
  }
  if (item.status === "pending") return `${id} is approved (pending).`;
  return item.status ? `${id} is ${item.status}.` : `${id} was saved.`;
}

/**
 * A result that needed no review (the tool ran: an item approved, updated or scheduled, or an
 * error envelope), in a line or two: hosts show the card for every call of a tool linked to it.
 */
function renderPlain(answer: Answer, { isError }: { isError: boolean }): void {
  review = undefined;
  const item = answer.item as Partial<ContentItem> | undefined;
  showPanel("plain", "Postline", item ? channelLabel(item.channelName, item.platform) : "");
  const summary = byId("plain-summary");
  summary.setAttribute("role", answer.error || isError ? "alert" : "status");
  summary.textContent = plainSummary(answer, { isError });
  byId("plain-text").textContent = item?.content ?? "";
}

app.ontoolresult = (result) => {
  const answer = answerOf(result);
  if (answer.status === "awaiting_review" && typeof answer.text === "string") {
    render(answer as CardReview, result);
  } else {
    renderPlain(answer, { isError: result.isError === true });
  }
};
app.ontoolcancelled = ({ reason }) => {
  if (review !== undefined) return;
  const message = `the call was cancelled${reason ? ` (${reason})` : ""}.`;
  renderPlain({ error: { message } }, { isError: true });
};
app.onhostcontextchanged = applyHost;

byId("approve").onclick = () => void decide("approve");
byId("schedule").onclick = () => void decide("schedule");
byId("save-edit").onclick = () => void decide("edit");
byId("decline").onclick = () => void decide("decline");
byId("edit").onclick = () => {
  byId("editor").hidden = false;
  byId("edit-text").focus();
};

await app.connect();
applyHost(app.getHostContext());
