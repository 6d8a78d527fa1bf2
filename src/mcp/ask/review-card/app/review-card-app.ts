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
} from "@modelcontextprotocol/ext-apps";

/** What the card shows: the `awaiting_review` answer of a gated tool or of `review_content`. */
interface CardReview {
  itemId: string;
  text: string;
  aiIsmMatches: { label: string; match: string }[];
  channelName?: string;
  platform?: string;
  itemStatus?: string;
  scheduledAt?: string;
  flagReasons?: string[];
  sensitivityReasons?: string[];
  /** What the model's call proposed, when it named a channel or a time. */
  proposal?: CardProposal;
}

/** The channel and time the model's gated call carried (only the fields it carried). */
interface CardProposal {
  channelId?: string;
  channelName?: string;
  scheduledAt?: string;
  publishNow?: boolean;
}

/** An item as a tool result carries it, for the plain result. */
interface PlainItem {
  id?: string;
  status?: string;
  channelName?: string;
  platform?: string;
  content?: string;
  scheduledAt?: string;
}

const TOKEN_KEY = "io.postline/reviewToken";
const app = new App({ name: "postline-review-card", version: "1.0.0" });
let review: CardReview | undefined;
let token: string | undefined;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function applyHost(context: McpUiHostContext | undefined): void {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
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
  spans.sort((a, b) => a.start - b.start);
  let cursor = 0;
  for (const span of spans) {
    if (span.start < cursor) continue;
    fragment.append(text.slice(cursor, span.start));
    const mark = document.createElement("mark");
    mark.textContent = text.slice(span.start, span.end);
    mark.title = `AI-writing pattern: ${span.label}`;
    fragment.append(mark);
    cursor = span.end;
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
function proposalWords(proposal: CardProposal | undefined): string {
  if (proposal === undefined) return "";
  const channel = proposal.channelName?.trim() || proposal.channelId?.trim() || "";
  const time = proposal.publishNow
    ? "publishing now"
    : proposal.scheduledAt
      ? readableTime(proposal.scheduledAt)
      : "";
  const parts = [channel, time].filter((part) => part !== "");
  return parts.length === 0 ? "" : `The agent proposes: ${parts.join(", ")}`;
}

/** `datetime-local` wants the person's local time, without zone or seconds. */
function localInputValue(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function render(next: CardReview, nextToken: string | undefined, note = ""): void {
  const firstShown = review?.itemId !== next.itemId;
  review = next;
  token = nextToken;
  byId("plain").hidden = true;
  byId("review").hidden = false;
  byId("title").textContent = "Review before posting";
  const count = next.aiIsmMatches.length;
  byId("channel").textContent = channelLabel(next.channelName, next.platform);
  byId("proposal").textContent = proposalWords(next.proposal);
  // Filled in once per item: a new review after an edit keeps the time the person chose.
  const proposed = firstShown ? next.proposal : undefined;
  if (proposed?.scheduledAt && !proposed.publishNow) {
    (byId("when") as HTMLInputElement).value = localInputValue(proposed.scheduledAt);
  }
  if (proposed?.publishNow) (byId("now") as HTMLInputElement).checked = true;
  byId("text").replaceChildren(markedText(next.text, next.aiIsmMatches));
  byId("length").textContent = `${[...next.text].length} characters`;
  byId("status").textContent = next.itemStatus ?? "";
  byId("planned").textContent = next.scheduledAt ? `Planned for ${next.scheduledAt}` : "";
  const reasons = [
    ...next.aiIsmMatches.map((m) => `AI-writing pattern “${m.label}”: “${m.match}”`),
    ...(next.flagReasons ?? []).map((r) => `Flagged: ${r}`),
    ...(next.sensitivityReasons ?? []).map((r) => `Sensitive: ${r}`),
  ];
  byId("reasons").replaceChildren(
    ...reasons.map((reason) =>
      Object.assign(document.createElement("li"), { textContent: reason }),
    ),
  );
  const matches = count === 1 ? "this match" : `these ${count} matches`;
  byId("approve-help").textContent =
    count === 0
      ? "Approving makes the item pending for this exact text."
      : `Approving acknowledges ${matches} for this exact text.`;
  byId("edit-text").textContent = next.text;
  (byId("edit-text") as HTMLTextAreaElement).value = next.text;
  byId("note").textContent = note;
  setBusy({ busy: token === undefined });
}

function setBusy({ busy }: { busy: boolean }): void {
  for (const button of document.querySelectorAll("button")) button.disabled = busy;
}

/** Tells the model what the person decided, and leaves a short message where the host allows. */
async function report(words: string): Promise<void> {
  await app.updateModelContext({ content: [{ type: "text", text: words }] });
  if (app.getHostCapabilities()?.message) {
    await app.sendMessage({ role: "user", content: [{ type: "text", text: words }] });
  }
}

async function decide(decision: "approve" | "schedule" | "edit" | "decline"): Promise<void> {
  if (review === undefined || token === undefined) return;
  const args: Record<string, unknown> = { itemId: review.itemId, reviewToken: token, decision };
  if (decision === "schedule") {
    const when = (byId("when") as HTMLInputElement).value;
    if ((byId("now") as HTMLInputElement).checked) args.publishNow = true;
    else if (when !== "") args.scheduledAt = new Date(when).toISOString();
  }
  if (decision === "edit") args.text = (byId("edit-text") as HTMLTextAreaElement).value;
  setBusy({ busy: true });
  const result = await app.callServerTool({ name: "decide_review", arguments: args });
  const answer = (result.structuredContent ?? parseText(result)) as Record<string, any>;
  const nextToken = result._meta?.[TOKEN_KEY] as string | undefined;
  const stale = answer.error?.code === "review_stale";
  if (answer.status === "awaiting_review" || stale) {
    const shown = stale ? answer.error.review : answer;
    render(
      { ...review, ...shown },
      nextToken,
      stale ? "The text changed: this is the new text." : "Saved. Approve the text you see.",
    );
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
  await report(words);
}

function parseText(result: { content?: unknown }): unknown {
  const [first] = (result.content ?? []) as { type?: string; text?: string }[];
  try {
    return JSON.parse(first?.text ?? "{}");
  } catch {
    return {};
  }
}

/**
 * A result that needed no review (the tool ran: an item approved, updated or scheduled, or an
 * error envelope), in a line or two: hosts show the card for every call of a tool linked to it.
 */
function renderPlain(answer: Record<string, any>, { isError }: { isError: boolean }): void {
  review = undefined;
  token = undefined;
  byId("review").hidden = true;
  byId("plain").hidden = false;
  byId("title").textContent = "Postline";
  const item = answer.item as PlainItem | undefined;
  const error = answer.error as { code?: string; message?: string } | undefined;
  byId("channel").textContent = item ? channelLabel(item.channelName, item.platform) : "";
  const summary = byId("plain-summary");
  summary.setAttribute("role", error || isError ? "alert" : "status");
  summary.textContent = error
    ? `Not done: ${error.message ?? error.code ?? "the call failed"}`
    : isError
      ? "Not done: the call failed."
      : item
        ? itemSummary(item)
        : "Done.";
  byId("plain-text").textContent = item?.content ?? "";
}

function itemSummary(item: PlainItem): string {
  const id = item.id ?? "The item";
  if (item.status === "scheduled" && item.scheduledAt) {
    return `${id} is scheduled for ${readableTime(item.scheduledAt)}.`;
  }
  if (item.status === "pending") return `${id} is approved (pending).`;
  return item.status ? `${id} is ${item.status}.` : `${id} was saved.`;
}

app.ontoolresult = (params) => {
  const content = (params.structuredContent ?? parseText(params)) as
    | (Partial<CardReview> & { status?: string })
    | undefined;
  if (content?.status === "awaiting_review" && typeof content.text === "string") {
    render(content as CardReview, params._meta?.[TOKEN_KEY] as string | undefined);
    return;
  }
  renderPlain((content ?? {}) as Record<string, any>, { isError: params.isError === true });
};
app.ontoolcancelled = ({ reason }) => {
  if (review !== undefined) return;
  renderPlain(
    { error: { message: `the call was cancelled${reason ? ` (${reason})` : ""}.` } },
    { isError: true },
  );
};
app.onhostcontextchanged = (context) => applyHost(context);

for (const [id, decision] of [
  ["approve", "approve"],
  ["schedule", "schedule"],
  ["save-edit", "edit"],
  ["decline", "decline"],
] as const) {
  byId(id).addEventListener("click", () => void decide(decision));
}
byId("edit").addEventListener("click", () => {
  byId("editor").hidden = false;
  byId("edit-text").focus();
});

await app.connect();
applyHost(app.getHostContext());
