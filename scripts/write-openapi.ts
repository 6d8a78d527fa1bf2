/**
 * Writes the OpenAPI document of the v1 API to dist/openapi.json (run by `npm run build`), the
 * fake's control plane document to dist/fake-control.json, the seed file's JSON Schema to
 * dist/fake-seed.schema.json and the recording file's to dist/recording.schema.json (each derived
 * from the zod schema it is parsed with), and,
 * with `--rest-docs`, the route reference docs/rest.md (`npm run rest-docs`). Both come from
 * src/openapi, which reads the zod schemas and the contract's route table
 * (src/contract).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "../src/openapi/document.js";
import { renderRestReference } from "../src/openapi/rest-reference.js";
import { fakeSeedJsonSchema } from "../src/testing/fake/model/seed-schema.js";
import { buildControlDocument } from "../src/testing/tooling/control/control-document.js";
import { recordingJsonSchema } from "../src/testing/tooling/recordings/recording-schema.js";

const document = buildOpenApiDocument();
if (process.argv.includes("--rest-docs")) {
  writeFileSync("docs/rest.md", renderRestReference(document));
  console.log("wrote docs/rest.md");
} else {
  mkdirSync("dist", { recursive: true });
  writeFileSync("dist/openapi.json", `${JSON.stringify(document, null, 2)}\n`);
  writeFileSync("dist/fake-control.json", `${JSON.stringify(buildControlDocument(), null, 2)}\n`);
  writeFileSync("dist/fake-seed.schema.json", `${JSON.stringify(fakeSeedJsonSchema(), null, 2)}\n`);
  writeFileSync(
    "dist/recording.schema.json",
    `${JSON.stringify(recordingJsonSchema(), null, 2)}\n`,
  );
  console.log(
    "wrote dist/openapi.json, dist/fake-control.json, dist/fake-seed.schema.json, dist/recording.schema.json",
  );
}
