// What the edge runtime hosts (workers.mjs, vercel-edge.mjs) share: `postline fake` started from
// the built CLI on loopback, the program bundled with the runtime's export conditions, the two
// steps run in order, and the fake's own request log read back afterwards.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export { startPostlineFake } from "../postline-fake.mjs";

/**
 * Bundles edge-program.mjs behind `wrapper` (the runtime's way to export a fetch handler),
 * resolving `@postline/sdk` through the package's exports map with the runtime's conditions.
 */
export async function bundleProgram({ wrapper, format, conditions }) {
  const result = await build({
    stdin: { contents: wrapper, resolveDir: fileURLToPath(new URL(".", import.meta.url)) },
    bundle: true,
    format,
    platform: "neutral",
    conditions,
    mainFields: ["browser", "module", "main"],
    target: "es2022",
    write: false,
    logLevel: "error",
  });
  return result.outputFiles[0].text;
}

/**
 * Runs the program's steps through `dispatch(url, init)`, then checks the fake's log: every
 * create answered 201, none was refused with a 429, and the one over the bound was never sent.
 * Prints each step's lines; throws on the first failure.
 */
export async function runSteps(fake, dispatch) {
  const body = JSON.stringify({
    apiKey: fake.apiKey,
    baseURL: fake.baseURL,
    channelIds: fake.channelIds,
  });
  for (const step of ["main", "paced"]) {
    const response = await dispatch(`http://edge.test/${step}`, { method: "POST", body });
    const result = await response.json();
    if (!result.ok) throw new Error(`step ${step} failed in the runtime: ${result.detail}`);
    for (const line of result.detail) console.log(`  ${line}`);
  }
  const log = await (await fetch(`${fake.baseURL}/fake/requests`)).json();
  const creates = log.requests.filter((r) => r.method === "POST" && r.path === "/content");
  const statuses = creates.map((r) => r.status);
  if (creates.length !== 11 || statuses.some((status) => status !== 201))
    throw new Error(`the fake saw these creates: ${JSON.stringify(statuses)}`);
  if (log.requests.some((r) => r.status === 429))
    throw new Error("the fake answered a 429: the pacer let a request into a full window");
  console.log(`  the fake saw ${creates.length} creates, all 201, no 429`);
}
