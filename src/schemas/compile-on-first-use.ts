/**
 * Compiles a schema with `z.compile` on its first parse rather than at import, and only where zod
 * itself would generate code: `jitless` off and `new Function` allowed (zod's own probe,
 * `util.allowsEval`, which `jitless` skips). Importing the SDK then evaluates no code, so a page
 * with a strict Content-Security-Policy and `z.config({ jitless: true })` reports no violation,
 * and a cold start does not pay for compiling. The same shim as zod's own `zod/compile`, for
 * one schema.
 */
import { z } from "zod";

/** The part of a schema's internals the shim replaces: its run, and what the compiler leaves. */
interface SchemaRun {
  _zod: {
    run: ((payload: unknown, ctx?: ParseContext) => unknown) & { __originalRun?: unknown };
    bag: Record<string, unknown>;
  };
}
interface ParseContext {
  async?: boolean;
  direction?: string;
  skipChecks?: boolean;
}

/** `schema`, the same object, parsed by zod's compiled fast path from its first parse on. */
export function compileOnFirstUse<S extends z.ZodType>(schema: S): S {
  const inner = (schema as unknown as SchemaRun)._zod;
  const runtime = inner.run;
  const shim: SchemaRun["_zod"]["run"] = (payload, ctx) => {
    // The runtime owns async, backward and check-skipping parses (zod's compiled path bypasses them).
    if (ctx?.async || ctx?.direction === "backward" || ctx?.skipChecks)
      return runtime(payload, ctx);
    inner.run = runtime;
    if (!z.config().jitless && z.util.allowsEval.value) {
      try {
        const compiled = (z.compile(schema, { strict: true }) as unknown as SchemaRun)._zod;
        inner.run = compiled.run;
        inner.bag.fallbackRun = compiled.bag.fallbackRun;
        inner.bag.validator = compiled.bag.validator;
      } catch {
        // A schema the compiler refuses keeps the runtime parser: same results, slower.
      }
    }
    return inner.run(payload, ctx);
  };
  // `z.compile` unwraps to the true runtime through this, so its fallback never re-enters the shim.
  shim.__originalRun = runtime;
  inner.run = shim;
  return schema;
}
