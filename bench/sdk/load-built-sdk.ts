import { cpSync, existsSync, rmSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const BUILD_OUTPUT = fileURLToPath(new URL("../../dist", import.meta.url));
/**
 * A private copy of dist/ taken when the bench starts, so a rebuild during the run cannot pull the
 * files away; under node_modules so `ky` and `zod` still resolve and git ignores it.
 */
const SNAPSHOT = fileURLToPath(
  new URL("../../node_modules/.cache/postline-bench/dist", import.meta.url),
);

/** Copies dist/ to the bench's snapshot; returns false when there is no build. */
export function snapshotBuild(): boolean {
  rmSync(SNAPSHOT, { recursive: true, force: true });
  if (!existsSync(BUILD_OUTPUT)) return false;
  cpSync(BUILD_OUTPUT, SNAPSHOT, { recursive: true });
  return true;
}

/** The built ESM entry users import (from the snapshot); the bench measures it, not the sources. */
export const BUILT_SDK_ENTRY = `${SNAPSHOT}/index.js`;

/** The parts of the SDK's public surface (README, docs/pagination.md) the bench drives. */
export interface BuiltSdk {
  Postline: new (options: {
    apiKey: string;
    baseURL: string;
    rateLimit?: boolean | { maxWaitMs?: number; store?: unknown };
    maxRetries?: number;
    timeout?: number;
    fetch?: typeof globalThis.fetch;
  }) => {
    content: {
      get(id: string): Promise<unknown>;
      createDraft(params: { channelId: string; body: string }): Promise<unknown>;
      listPage(params?: { limit?: number }): Promise<unknown>;
      list(params?: { limit?: number }): AsyncIterable<unknown>;
    };
  };
}

/**
 * Loads `dist/index.js` (from the snapshot), or explains why it cannot (not built yet, or no
 * client in it yet). `entry` loads another build instead, such as an earlier commit's `dist/`
 * copied under `node_modules/` so that `ky` and `zod` resolve.
 */
export async function loadBuiltSdk(
  entry: string = BUILT_SDK_ENTRY,
): Promise<{ ok: true; sdk: BuiltSdk } | { ok: false; reason: string }> {
  if (!existsSync(entry)) {
    return { ok: false, reason: `${entry} is missing; run \`npm run build\`` };
  }
  const sdk = (await import(pathToFileURL(entry).href)) as Partial<BuiltSdk>;
  const missing = (["Postline"] as const).filter((name) => sdk[name] === undefined);
  if (missing.length > 0) {
    return { ok: false, reason: `${entry} does not export ${missing.join(", ")}` };
  }
  return { ok: true, sdk: sdk as BuiltSdk };
}

/** The built `@postline/sdk/testing` entry: the contract fake. */
export const BUILT_TESTING_ENTRY = fileURLToPath(
  new URL("../../dist/testing/index.js", import.meta.url),
);

/** The parts of the contract fake (docs/testing.md) the rate-budget suite drives. */
export interface BuiltTesting {
  createFakeService(): {
    readonly defaults: { apiKey: string; baseURL: string; channelIds: string[] };
    readonly requests: readonly { method: string; path: string; status: number | null }[];
    readonly fetch: typeof globalThis.fetch;
  };
}

/** Loads `dist/testing/index.js`, or explains why it cannot. */
export async function loadBuiltTesting(): Promise<
  { ok: true; testing: BuiltTesting } | { ok: false; reason: string }
> {
  if (!existsSync(BUILT_TESTING_ENTRY)) {
    return { ok: false, reason: "dist/testing/index.js is missing; run `npm run build`" };
  }
  const testing = (await import(pathToFileURL(BUILT_TESTING_ENTRY).href)) as Partial<BuiltTesting>;
  if (typeof testing.createFakeService !== "function") {
    return { ok: false, reason: "dist/testing/index.js does not export createFakeService" };
  }
  return { ok: true, testing: testing as BuiltTesting };
}
