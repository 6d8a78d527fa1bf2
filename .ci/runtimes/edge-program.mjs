// The program an edge runtime runs (Cloudflare Workers in workerd, the Vercel Edge runtime),
// bundled through the package's exports map as a user's bundler would. Its fetch handler takes
// `POST /<step>` with the fake's details as JSON and answers `{ ok, detail }`:
// - `main`: the main entry (creates, `for await` paging, a typed error) and `/tools` (runTool
//   answers and error envelopes), spending the key's whole create budget (10 per minute);
// - `paced`: in a later request of the same isolate, a create that meets the full window:
//   with `maxWaitMs: 1000` it ends at once with RateLimitWaitError and sends nothing, then
//   without it the pacer waits for the window to roll and the create goes through.
import {
  NotFoundError,
  Postline,
  PostlineError,
  RateLimitError,
  RateLimitWaitError,
} from "@postline/sdk";
import { isToolError, runTool, tools } from "@postline/sdk/tools";

/** Creates per rolling minute on one key (api-v1.md §8). */
const CREATE_BUDGET = 10;

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function mainEntry({ apiKey, baseURL, channelIds }) {
  const client = new Postline({ apiKey, baseURL });
  const [channelId] = channelIds;
  const draft = await client.content.createDraft({ channelId, body: "Hello from the edge" });
  check(draft.status === "draft" && draft.source === "api", `created ${JSON.stringify(draft)}`);

  let seen = 0;
  let found = false;
  for await (const item of client.content.list({ status: "draft" })) {
    seen += 1;
    found ||= item.id === draft.id;
  }
  check(found, "for await over content.list() did not reach the new draft");

  const missing = await client.content.get("nope").catch((error) => error);
  check(missing instanceof NotFoundError, `content.get("nope") threw ${missing}`);
  check(missing instanceof PostlineError && missing.code === "not_found", "not a typed 404");

  const channels = await runTool(client, "list_channels", {});
  check(!isToolError(channels) && channels.channels.length >= 2, "list_channels gave no channels");
  const created = await runTool(client, "create_content_draft", { channelId, body: "From a tool" });
  check(!isToolError(created) && created.item.status === "draft", "create_content_draft failed");
  const notFound = await runTool(client, "get_content", { id: "nope" });
  check(notFound.error?.code === "not_found", `get_content envelope: ${JSON.stringify(notFound)}`);
  const unknown = await runTool(client, "no_such_tool", {});
  check(unknown.error?.code === "unknown_tool", `unknown tool: ${JSON.stringify(unknown)}`);

  // Two creates so far; the rest of the minute's budget, concurrently.
  const rest = Array.from({ length: CREATE_BUDGET - 2 }, (_, index) =>
    client.content.createDraft({ channelId, body: `Batch draft ${index + 1}` }),
  );
  await Promise.all(rest);
  return [
    `main entry: created ${draft.id}, for await saw ${seen} drafts, NotFoundError caught`,
    `tools: ${tools.length} tools, list_channels gave ${channels.channels.length}, created ${created.item.id}, not_found and unknown_tool envelopes`,
    `spent the create budget: ${CREATE_BUDGET} creates`,
  ];
}

async function pacedCreate({ apiKey, baseURL, channelIds }) {
  const waits = [];
  const client = new Postline({
    apiKey,
    baseURL,
    onRateLimitWait: (event) => waits.push(event),
  });
  const [channelId] = channelIds;

  const started = Date.now();
  const refused = await client.content
    .createDraft({ channelId, body: "Not sent" }, { maxWaitMs: 1000 })
    .catch((error) => error);
  check(refused instanceof RateLimitWaitError, `a create over the bound threw ${refused}`);
  check(refused instanceof RateLimitError && refused.budget === "create", "not a create wait");
  check(refused.waitedMs < 1000, `the known-long wait was waited for: ${refused.waitedMs} ms`);

  const paced = await client.content.createDraft({ channelId, body: "Paced draft" });
  const tookMs = Date.now() - started;
  check(paced.status === "draft", `the paced create gave ${JSON.stringify(paced)}`);
  const wait = waits.at(-1);
  check(wait?.budget === "create" && wait.expectedWaitMs > 0, `no wait: ${JSON.stringify(waits)}`);
  check(tookMs >= wait.expectedWaitMs - 1000, `went after ${tookMs} ms of ${wait.expectedWaitMs}`);
  return [
    `RateLimitWaitError at once with maxWaitMs 1000 (retryAfterSeconds ${refused.retryAfterSeconds})`,
    `paced create ${paced.id}: expected wait ${wait.expectedWaitMs} ms, went after ${tookMs} ms`,
  ];
}

const STEPS = { main: mainEntry, paced: pacedCreate };

/** The fetch handler both runtimes call. */
export async function handle(request) {
  const step = STEPS[new URL(request.url).pathname.slice(1)];
  if (step === undefined)
    return Response.json({ ok: false, detail: "unknown step" }, { status: 404 });
  try {
    const detail = await step(await request.json());
    return Response.json({ ok: true, detail });
  } catch (error) {
    return Response.json({ ok: false, detail: String(error?.stack ?? error) });
  }
}
