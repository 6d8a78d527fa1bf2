/**
 * Writes the OpenAPI document of the v1 API to dist/openapi.json (run by `npm run build`) and,
 * with `--rest-docs`, the route reference docs/rest.md (`npm run rest-docs`). Both come from
 * src/openapi, which reads the zod schemas and the contract's route table
 * (src/contract).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "../src/openapi/document.js";
import { renderRestReference } from "../src/openapi/rest-reference.js";

const document = buildOpenApiDocument();
if (process.argv.includes("--rest-docs")) {
  writeFileSync("docs/rest.md", renderRestReference(document));
  console.log("wrote docs/rest.md");
} else {
  mkdirSync("dist", { recursive: true });
  writeFileSync("dist/openapi.json", `${JSON.stringify(document, null, 2)}\n`);
  console.log("wrote dist/openapi.json");
}
