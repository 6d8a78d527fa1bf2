import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    "testing/index": "src/testing/index.ts",
    "tools/index": "src/tools/index.ts",
  },
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2023",
  platform: "neutral",
  splitting: true,
  treeshake: true,
  external: ["ky", "zod", "msw", /^msw\//, /^node:/],
});
