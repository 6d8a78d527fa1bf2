import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The built ESM entry users import; the bench measures it, not the TypeScript sources. */
export const BUILT_SDK_ENTRY = fileURLToPath(new URL("../../dist/index.js", import.meta.url));

/** A zod schema as the bench uses it. */
export interface ParsingSchema {
  parse(value: unknown): unknown;
}

/** The parts of the SDK's public surface (SDK_DESIGN §2–4, §7) the bench drives. */
export interface BuiltSdk {
  Postline: new (options: {
    apiKey: string;
    baseURL: string;
    rateLimit?: boolean;
    maxRetries?: number;
  }) => {
    content: {
      get(id: string): Promise<unknown>;
      listPage(params?: { limit?: number }): Promise<unknown>;
      list(params?: { limit?: number }): AsyncIterable<unknown>;
    };
  };
  ContentItemSchema: ParsingSchema;
  ContentPageSchema: ParsingSchema;
}

/** Loads `dist/index.js`, or explains why it cannot (not built yet, or no client in it yet). */
export async function loadBuiltSdk(): Promise<
  { ok: true; sdk: BuiltSdk } | { ok: false; reason: string }
> {
  if (!existsSync(BUILT_SDK_ENTRY)) {
    return { ok: false, reason: "dist/index.js is missing; run `npm run build`" };
  }
  const sdk = (await import(pathToFileURL(BUILT_SDK_ENTRY).href)) as Partial<BuiltSdk>;
  const missing = (["Postline", "ContentItemSchema", "ContentPageSchema"] as const).filter(
    (name) => sdk[name] === undefined,
  );
  if (missing.length > 0) {
    return { ok: false, reason: `dist/index.js does not export ${missing.join(", ")}` };
  }
  return { ok: true, sdk: sdk as BuiltSdk };
}
