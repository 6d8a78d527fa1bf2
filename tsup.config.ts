import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    "testing/index": "src/testing/index.ts",
    "tools/index": "src/tools/index.ts",
    "frameworks/ai-sdk": "src/frameworks/ai-sdk.ts",
    "frameworks/openai-agents": "src/frameworks/openai-agents.ts",
    "frameworks/langchain": "src/frameworks/langchain.ts",
    "redis/index": "src/redis/index.ts",
  },
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2023",
  platform: "neutral",
  splitting: true,
  treeshake: true,
  // Dependencies and optional peer dependencies are the user's to install, never bundled.
  external: [
    "ky",
    "zod",
    "msw",
    /^msw\//,
    /^node:/,
    "ai",
    "@openai/agents",
    "@langchain/core",
    /^@langchain\/core\//,
  ],
});
