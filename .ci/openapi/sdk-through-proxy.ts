/**
 * The SDK's calls through Prism as a validating proxy (`prism proxy --errors`) in front of
 * `postline fake`: every route, the successes and the refusals an agent meets. Prism answers a
 * request or response that breaks the document with an error of its own, which surfaces here as
 * an unexpected failure. Usage: node --import tsx .ci/openapi/sdk-through-proxy.ts <proxyURL> <keys>
 */
import {
  AcknowledgmentRequiredError,
  NotFoundError,
  Postline,
  PublishedImmutableError,
  ValidationError,
} from "../../src/index.js";
import { prismFetch } from "./prism-fetch.js";

const [proxyURL, keys] = process.argv.slice(2) as [string, string];
const apiKey = keys.split(",").at(-1) as string;
const client = new Postline({
  apiKey,
  baseURL: "http://127.0.0.1",
  fetch: prismFetch(proxyURL),
  maxRetries: 0,
  rateLimit: false,
});
let calls = 0;

async function expectRefusal(
  what: string,
  kind: abstract new (...args: never[]) => Error,
  call: () => Promise<unknown>,
) {
  calls += 1;
  try {
    await call();
  } catch (error) {
    if (error instanceof kind) return;
    throw new Error(`${what}: expected ${kind.name}, got ${String(error)}`);
  }
  throw new Error(`${what}: expected ${kind.name}, got a success`);
}
const step = async <T>(call: () => Promise<T>): Promise<T> => {
  calls += 1;
  return call();
};

const channels = await step(() => client.channels.list());
await step(() => client.channels.list({ platform: "x" }));
await step(() => client.brand.get());
await step(() => client.schedule.get());
await step(() => client.stats.get({ days: 7 }));
await step(() => client.content.listPage({ limit: 5, status: "pending" }));
const listed = await step(() => client.content.list({ limit: 2 }).toArray({ max: 6 }));
calls += Math.ceil(listed.length / 2);

const [xChannel] = channels.filter(
  (channel) => channel.platform === "x" && channel.isActive !== false,
);
if (!xChannel) throw new Error("no connected x channel");
const draft = await step(() =>
  client.content.createDraft({
    channelId: xChannel.id,
    body: "Weekly notes: exports run twice as fast.",
  }),
);
await step(() => client.content.get(draft.id));
await step(() => client.content.update(draft.id, { content: "Weekly notes: exports run faster." }));
await step(() => client.content.approve(draft.id));
await step(() => client.content.unapprove(draft.id));
await step(() =>
  client.content.schedule(draft.id, { scheduledAt: new Date(Date.now() + 7 * 86_400_000) }),
);
await step(() => client.content.delete(draft.id));

const generated = await step(() =>
  client.content.generate({ channelIds: [xChannel.id], prompt: "A tip about release notes" }),
);
const [post] = generated.items;
if (post) await step(() => client.content.reject(post.id, { reason: "off-topic" }));

const flagged = await step(() =>
  client.content.createDraft({ channelId: xChannel.id, body: "Let us delve into the changelog." }),
);
await expectRefusal("approve over AI-isms", AcknowledgmentRequiredError, () =>
  client.content.approve(flagged.id),
);
await step(() => client.content.approve(flagged.id, { acknowledgeAiIsms: true }));
await expectRefusal("unknown item", NotFoundError, () => client.content.get("cnt_missing"));
await expectRefusal("published item", PublishedImmutableError, () =>
  client.content.delete("cnt_acme_published"),
);
await expectRefusal("unknown channel", ValidationError, () =>
  client.content.createDraft({ channelId: "ch_missing", body: "Hello" }),
);

const key = await step(() => client.keys.create({ name: "proxy check", scopes: ["read"] }));
await step(() => client.keys.list());
await step(() => client.keys.get(key.id));
await step(() => client.keys.revoke(key.id));

console.log(`prism proxy: ${calls} SDK calls through the validating proxy, no violation`);
