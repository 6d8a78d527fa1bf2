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

function render(next: CardReview, nextToken: string | undefined, note = ""): void {
  review = next;
  token = nextToken;
  const count = next.aiIsmMatches.length;
  byId("channel").textContent = [next.channelName, next.platform].filter(Boolean).join(" · ");
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

app.ontoolresult = (params) => {
  const content = params.structuredContent as Partial<CardReview> & { status?: string };
  if (content?.status !== "awaiting_review" || typeof content.text !== "string") return;
  render(content as CardReview, params._meta?.[TOKEN_KEY] as string | undefined);
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
