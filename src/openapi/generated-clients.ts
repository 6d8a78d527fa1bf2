/**
 * The "Generated clients" section of docs/rest.md: how a client generated from the document
 * (openapi-typescript + openapi-fetch) reads an item answered as `{ item }` or bare. CI compiles
 * the block, found by its `ts openapi-fetch` fence, against freshly generated types
 * (.ci/openapi-tools.sh).
 */

/** The fence info string CI finds the block by. */
const GENERATED_CLIENT_FENCE = "```ts openapi-fetch";

const SNIPPET = `import createClient from "openapi-fetch";
import type { components, paths } from "./openapi-types.js"; // npx openapi-typescript openapi.json -o openapi-types.d.ts

type ContentItem = components["schemas"]["ContentItem"];
type ItemEnvelope = components["schemas"]["ItemEnvelope"];
type ItemResponse = components["schemas"]["ContentItemResponse"];

// Both shapes allow unknown fields, so \`"item" in body\` cannot narrow: a type guard does.
const isEnvelope = (body: ItemResponse): body is ItemEnvelope =>
  typeof (body as Partial<ItemEnvelope>).item === "object";

/** The item, whichever of the two shapes the service answered. */
const itemOf = (body: ItemResponse): ContentItem => (isEnvelope(body) ? body.item : body);

export async function approve(baseURL: string, apiKey: string, id: string): Promise<ContentItem> {
  const client = createClient<paths>({
    baseUrl: \`\${baseURL}/api/v1\`,
    headers: { Authorization: \`Bearer \${apiKey}\` },
  });
  const read = await client.GET("/content/{id}", { params: { path: { id } } });
  if (read.error) throw new Error(read.error.error.message);
  console.log(itemOf(read.data).content);
  const edited = await client.PATCH("/content/{id}", {
    params: { path: { id } },
    body: { status: "pending" },
  });
  if (edited.error) throw new Error(edited.error.error.message);
  const scheduled = await client.POST("/content/{id}/schedule", {
    params: { path: { id } },
    body: { publishNow: true },
  });
  if (scheduled.error) throw new Error(scheduled.error.error.message);
  console.log(scheduled.data.item.status); // schedule always answers { item }
  return itemOf(edited.data);
}`;

/** The section's lines. */
export const GENERATED_CLIENTS_SECTION: readonly string[] = [
  "## Generated clients",
  "",
  "Reading and editing an item (`GET` and `PATCH /content/{id}`) answer the item as `{ item }`",
  "or bare: the contract shows no single-item body, so a service may send either, and the",
  "document states both ([ContentItemResponse](#contentitemresponse)). A client generated with",
  "openapi-typescript gets a union whose two shapes both allow unknown fields, so `data.item` is",
  "`unknown` until narrowed. Narrow once, with a type guard (openapi-fetch; CI compiles this",
  "against the generated types):",
  "",
  GENERATED_CLIENT_FENCE,
  SNIPPET,
  "```",
  "",
];
