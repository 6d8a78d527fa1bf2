// Smoke test of the BUILT package on any runtime with fetch: start the contract fake over real
// HTTP, create a draft, list it, and see a typed error. Run after `npm run build`:
//   node .ci/runtimes/smoke.mjs | bun .ci/runtimes/smoke.mjs | deno run -A .ci/runtimes/smoke.mjs
import { NotFoundError, Postline, PostlineError } from "../../dist/index.js";
import { createFakeService, startFakeServer } from "../../dist/testing/index.js";

const runtime =
  typeof globalThis.Bun !== "undefined"
    ? `bun ${globalThis.Bun.version}`
    : typeof globalThis.Deno !== "undefined"
      ? `deno ${globalThis.Deno.version.deno}`
      : `node ${process.versions.node}`;

function check(condition, message) {
  if (!condition) throw new Error(`smoke (${runtime}): ${message}`);
}

const service = createFakeService();
const server = await startFakeServer(service, { port: 0 });
try {
  const client = new Postline({ apiKey: service.defaults.apiKey, baseURL: server.url });
  const [channelId] = service.defaults.channelIds;

  const draft = await client.content.createDraft({ channelId, body: `Hello from ${runtime}` });
  check(draft.status === "draft" && draft.source === "api", `created ${JSON.stringify(draft)}`);

  const listed = await client.content.list({ status: "draft" }).toArray({ max: 50 });
  check(
    listed.some((item) => item.id === draft.id),
    "the new draft is listed",
  );

  let caught;
  try {
    await client.content.get("nope");
  } catch (error) {
    caught = error;
  }
  check(caught instanceof NotFoundError, `content.get("nope") throws NotFoundError, got ${caught}`);
  check(
    caught instanceof PostlineError && caught.status === 404,
    "NotFoundError is a 404 PostlineError",
  );
  check(caught.code === "not_found", `code is not_found, got ${caught.code}`);

  console.log(`smoke ok ${runtime}`);
} finally {
  await server.close();
}
// Deno keeps running after msw is imported even with nothing left to do; end explicitly.
process.exit(0);
