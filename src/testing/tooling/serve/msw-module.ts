/**
 * msw, loaded the first time `handlers()` runs, so `@postline/sdk/testing` imports without it
 * (`createFakeService`, `startFakeServer` and `service.fetch` never need it). The load is
 * synchronous, through Node's `require` (msw 3 is ESM; `require` of ESM needs Node 22.12+, Bun or
 * Deno); bundles for browsers use `msw-module.browser.ts` instead, which imports it statically.
 */
import type * as Msw from "msw";

type Require = (id: string) => unknown;
type ModuleBuiltin = { createRequire(from: string): Require };

let loaded: typeof Msw | undefined;

export function loadMsw(): typeof Msw {
  if (loaded) return loaded;
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } })
    .process;
  const builtin = process?.getBuiltinModule?.("node:module") as ModuleBuiltin | undefined;
  if (!builtin) {
    throw new Error(
      "handlers() loads msw through Node's require, which this runtime lacks; in a browser, bundle @postline/sdk/testing with the `browser` condition (Vite, esbuild and webpack do by default).",
    );
  }
  try {
    loaded = builtin.createRequire(import.meta.url)("msw") as typeof Msw;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "MODULE_NOT_FOUND" || code === "ERR_MODULE_NOT_FOUND") {
      throw new Error(
        "handlers() needs msw, an optional peer dependency: npm install --save-dev msw@^3. createFakeService, startFakeServer and service.fetch work without it.",
        { cause: error },
      );
    }
    if (code === "ERR_REQUIRE_ESM") {
      throw new Error(
        "handlers() loads msw (an ES module) with require, which needs Node 22.12 or newer.",
        { cause: error },
      );
    }
    throw error;
  }
  return loaded;
}
