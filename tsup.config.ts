import { fileURLToPath } from "node:url";
import { defineConfig } from "tsup";

// Dependencies and optional peer dependencies are the user's to install, never bundled.
const external = [
  "ky",
  "zod",
  "msw",
  /^msw\//,
  /^node:/,
  "ai",
  "@openai/agents",
  "@langchain/core",
  /^@langchain\/core\//,
  /^@modelcontextprotocol\//,
  /^@opentelemetry\//,
];

export default defineConfig([
  {
    entry: {
      index: "src/index.ts",
      "testing/index": "src/testing/index.ts",
      "schemas/index": "src/schemas/public.ts",
      "tools/index": "src/tools/index.ts",
      "mcp/index": "src/mcp/index.ts",
      "frameworks/ai-sdk": "src/frameworks/ai-sdk.ts",
      "frameworks/openai-agents": "src/frameworks/openai-agents.ts",
      "frameworks/langchain": "src/frameworks/langchain.ts",
      "redis/index": "src/redis/index.ts",
    },
    format: ["esm", "cjs"],
    dts: true,
    sourcemap: true,
    // dist/cli is the other build's, which may finish first.
    clean: ["!cli/**"],
    target: "es2023",
    platform: "neutral",
    splitting: true,
    treeshake: true,
    // `import.meta.url` in the CJS build: the testing entry loads msw through `createRequire`.
    shims: true,
    external,
  },
  {
    // `@postline/sdk/testing` under the `browser` condition: msw imported statically, since a
    // browser cannot load it on demand synchronously (src/testing/tooling/serve/msw-module.ts).
    entry: { "testing/index.browser": "src/testing/index.ts" },
    format: ["esm"],
    dts: false,
    sourcemap: true,
    clean: false,
    target: "es2023",
    platform: "browser",
    splitting: false,
    treeshake: true,
    external,
    esbuildPlugins: [
      {
        name: "msw-module-for-browsers",
        setup(build) {
          build.onResolve({ filter: /\/msw-module\.js$/ }, () => ({
            path: fileURLToPath(
              new URL("src/testing/tooling/serve/msw-module.browser.ts", import.meta.url),
            ),
          }));
        },
      },
    ],
  },
  {
    // The `postline` command: ESM only, for Node; the MCP SDK is loaded only by `postline mcp`.
    entry: { postline: "src/cli/postline.ts" },
    outDir: "dist/cli",
    format: ["esm"],
    dts: false,
    sourcemap: true,
    clean: false,
    target: "es2023",
    platform: "node",
    splitting: true,
    treeshake: true,
    external,
  },
]);
