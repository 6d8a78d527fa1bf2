/**
 * The watch page of `postline fake`: plain HTML and one script, no dependency and nothing loaded
 * from the network. The script polls `/fake/requests` and `/fake/state` once a second and writes
 * every value with `textContent`, so a path or a key name can never become markup. When the
 * bounded log has dropped older requests, it says how many.
 */

/** The page at `/`. */
export const WATCH_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Postline fake</title>
<link rel="icon" href="data:,">
<style>
  :root { color-scheme: light dark; --muted: #6b7280; --line: #d1d5db; --bar: #2563eb;
    --warn: #b45309; --bad: #b91c1c; --ok: #15803d; }
  body { font: 14px/1.4 system-ui, sans-serif; margin: 0 auto; padding: 16px 24px; max-width: 1200px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  h2 { font-size: 15px; margin: 24px 0 8px; }
  .muted { color: var(--muted); }
  .counters { display: flex; gap: 12px; flex-wrap: wrap; margin-top: 12px; }
  .counter { border: 1px solid var(--line); border-radius: 6px; padding: 6px 12px; min-width: 90px; }
  .counter b { display: block; font-size: 20px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line);
    font-variant-numeric: tabular-nums; }
  th { font-weight: 600; color: var(--muted); }
  td.num, th.num { text-align: right; }
  code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
  .meter { display: inline-block; width: 120px; height: 8px; border-radius: 4px;
    background: var(--line); vertical-align: middle; margin-right: 8px; overflow: hidden; }
  .meter > span { display: block; height: 100%; background: var(--bar); }
  .meter.full > span { background: var(--bad); }
  .s2 { color: var(--ok); } .s4 { color: var(--warn); } .s5, .failed { color: var(--bad); font-weight: 600; }
  .s429 { color: var(--bad); }
  #status.down { color: var(--bad); font-weight: 600; }
  .log-wrap { max-height: 60vh; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
  .log-wrap th { position: sticky; top: 0; background: Canvas; }
</style>
</head>
<body>
<h1>Postline fake</h1>
<div class="muted"><span id="where"></span> · <span id="status">connecting…</span></div>
<div class="counters" id="counters"></div>
<h2>Items by status</h2>
<table id="items"><thead></thead><tbody></tbody></table>
<p id="acknowledged" class="muted"></p>
<p id="review-card" class="muted"></p>
<h2>Rate windows <span class="muted">(rolling 60 s, api-v1 §8)</span></h2>
<table id="keys">
  <thead><tr><th>key</th><th>scopes</th><th>requests</th><th>creates</th></tr></thead>
  <tbody></tbody>
</table>
<h2>Requests <span class="muted">(newest first; no token, cookie or body is shown)</span></h2>
<p id="dropped" class="muted" hidden></p>
<div class="log-wrap">
<table id="log">
  <thead><tr><th>time (UTC)</th><th>key</th><th>method</th><th>path</th><th class="num">status</th><th>error code</th></tr></thead>
  <tbody></tbody>
</table>
</div>
<script src="/fake/watch.js"></script>
</body>
</html>
`;

/** The page's script, served at `/fake/watch.js` (the page's policy allows no inline script). */
export const WATCH_SCRIPT = `"use strict";
(() => {
  const MAX_ROWS = 500;
  let next = 0;
  const $ = (selector) => document.querySelector(selector);
  const el = (tag, text, className) => {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  };
  const row = (cells) => {
    const tr = el("tr");
    for (const cell of cells) tr.append(cell instanceof Node ? cell : el("td", cell));
    return tr;
  };
  // An MCP refusal answers HTTP 200: its error code colours it as a refusal.
  const statusClass = (entry) =>
    entry.status === null ? "failed" : entry.status === 429 || entry.errorCode === "rate_limited" ? "s429"
      : entry.errorCode ? "s4" : "s" + String(entry.status)[0];
  const keyLabel = (entry) =>
    entry.keyId ? (entry.keyName ? entry.keyName + " (" + entry.keyId + ")" : entry.keyId)
      : entry.credential === "session" ? "browser session" : "—";
  const secondsUntil = (iso, now) => Math.max(0, Math.ceil((Date.parse(iso) - Date.parse(now)) / 1000));

  function meter(window, now) {
    const td = el("td");
    const bar = el("span", undefined, "meter" + (window.used >= window.limit ? " full" : ""));
    const fill = el("span");
    fill.style.width = Math.min(100, (100 * window.used) / window.limit) + "%";
    bar.append(fill);
    td.append(bar, el("span", window.used + " / " + window.limit, "mono"));
    if (window.resetsAt) td.append(el("span", " · frees in " + secondsUntil(window.resetsAt, now) + " s", "muted"));
    return td;
  }

  function renderLog(requests) {
    const body = $("#log tbody");
    for (const entry of requests) {
      const path = entry.path + (entry.query ? "?" + entry.query : "") + (entry.mcpCall ? "  [" + entry.mcpCall + "]" : "")
        + (entry.acknowledgedAiIsms ? "  [acknowledgeAiIsms]" : "")
        + (entry.approvalSource === "review-card" ? "  [review card]" : "");
      const status = el("td", entry.status === null ? entry.outcome : entry.status, "num " + statusClass(entry));
      const tr = row([el("td", entry.at.slice(11, 23), "mono"), keyLabel(entry), el("td", entry.method, "mono"),
        el("td", path, "mono"), status, el("td", entry.errorCode || (entry.fault ? "fault: " + entry.fault : ""), "mono")]);
      tr.dataset.index = entry.index;
      body.prepend(tr);
    }
    while (body.rows.length > MAX_ROWS) body.lastElementChild.remove();
  }

  // The fake keeps the newest requests only: say so once older ones are gone.
  function renderDropped(log) {
    const note = $("#dropped");
    note.hidden = !(log.dropped > 0);
    if (note.hidden) return;
    note.textContent = log.dropped + " older request" + (log.dropped === 1 ? " was" : "s were") +
      " dropped: the fake keeps the newest " + log.limits.entries + " requests and " +
      Math.round(log.limits.bodyChars / 1048576) + " Mi characters of bodies.";
  }

  function renderState(state) {
    const counts = state.requests;
    const byClass = (digit) => Object.entries(counts.byStatus)
      .filter(([status]) => status[0] === digit).reduce((sum, [, n]) => sum + n, 0);
    const counters = $("#counters");
    counters.replaceChildren();
    for (const [label, value] of [["requests", counts.total], ["2xx", byClass("2")], ["4xx", byClass("4")],
      ["rate limited", counts.rateLimited], ["5xx", byClass("5")], ["failed connections", counts.failedConnections]]) {
      const box = el("div", undefined, "counter");
      box.dataset.counter = label;
      box.append(el("b", value), el("span", label, "muted"));
      counters.append(box);
    }
    const statuses = Object.keys(state.workspaces[0] ? state.workspaces[0].itemsByStatus : {});
    const head = $("#items thead");
    head.replaceChildren(row([el("th", "workspace"), ...statuses.map((s) => el("th", s, "num")), el("th", "total", "num")]));
    $("#items tbody").replaceChildren(...state.workspaces.map((w) => {
      const tr = row([w.name + " (" + w.id + ")", ...statuses.map((s) => el("td", w.itemsByStatus[s], "num")), el("td", w.total, "num")]);
      tr.dataset.workspace = w.id;
      return tr;
    }));
    const acknowledged = state.workspaces.flatMap((w) => w.acknowledgedItems.map((i) => i.id + " (" + i.status + ")"));
    $("#acknowledged").textContent = acknowledged.length === 0 ? ""
      : "Approved with an AI-ism acknowledgment: " + acknowledged.join(", ");
    const inCard = state.workspaces.flatMap((w) => w.approvedInReviewCard.map((i) => i.id + " (" + i.status + ")"));
    $("#review-card").textContent = inCard.length === 0 ? ""
      : "Approvals whose request said it came from the review card: " + inCard.join(", ");
    $("#keys tbody").replaceChildren(...state.keys.filter((k) => !k.revoked).map((k) => {
      const tr = row([k.name + " (" + k.id + ")", k.scopes.join(", "), ...k.windows.map((w) => meter(w, state.now))]);
      tr.dataset.key = k.id;
      return tr;
    }));
  }

  async function poll() {
    try {
      const [log, state] = await Promise.all([
        fetch("/fake/requests?after=" + next).then((r) => r.json()),
        fetch("/fake/state").then((r) => r.json()),
      ]);
      if (log.requests.length > 0 && log.requests[0].index < next) $("#log tbody").replaceChildren();
      renderLog(log.requests);
      // Rows the log has dropped since they were shown go too: the page shows the kept entries.
      for (const tr of [...$("#log tbody").children]) if (Number(tr.dataset.index) < log.dropped) tr.remove();
      next = log.next;
      renderDropped(log);
      renderState(state);
      $("#status").textContent = "live · updated " + new Date().toLocaleTimeString();
      $("#status").className = "";
    } catch {
      $("#status").textContent = "the fake does not answer (stopped?)";
      $("#status").className = "down";
    }
    setTimeout(poll, 1000);
  }

  $("#where").textContent = location.origin + " · REST " + location.origin + "/api/v1 · MCP " + location.origin + "/api/v1/mcp";
  poll();
})();
`;
