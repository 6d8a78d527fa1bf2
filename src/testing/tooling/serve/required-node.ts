/**
 * The Node.js `@postline/sdk/testing` needs. msw 3 and its interceptors use what Node 22 added
 * (`Promise.withResolvers`, `require` of an ES module); on an older Node they fail deep inside a
 * request, as a connection error with the real cause three levels down. So the fake says it first.
 */

/** The oldest Node.js major version `@postline/sdk/testing` runs on. */
const REQUIRED_NODE_MAJOR = 22;

/** The runtime's version strings, as `process.versions` holds them (absent outside Node-like runtimes). */
type RuntimeVersions = Readonly<Partial<Record<"node" | "bun" | "deno", string>>>;

/**
 * What is wrong with the runtime for `@postline/sdk/testing`, or `undefined` when nothing is:
 * only Node itself is judged (Bun and Deno report a Node version of their own, and browsers none).
 */
export function olderNodeProblem(
  versions = (globalThis as { process?: { versions?: RuntimeVersions } }).process?.versions,
): string | undefined {
  if (!versions?.node || versions.bun || versions.deno) return undefined;
  const major = Number(versions.node.split(".")[0]);
  if (!(major < REQUIRED_NODE_MAJOR)) return undefined;
  return `@postline/sdk/testing needs Node.js ${REQUIRED_NODE_MAJOR} or newer, and this is Node.js ${versions.node}: msw and the fake use what Node ${REQUIRED_NODE_MAJOR} added (Promise.withResolvers). Run on Node ${REQUIRED_NODE_MAJOR}, e.g. \`npx --package node@${REQUIRED_NODE_MAJOR} -- node ...\`, or in a clone of the SDK \`node scripts/on-node22.mjs <command>\`.`;
}

/** Throws the {@link olderNodeProblem} error, if there is one. */
export function assertNodeNewEnough(): void {
  const problem = olderNodeProblem();
  if (problem) throw new Error(problem);
}
