/**
 * Why a single-item response is "an envelope or a bare item", said in the document on the union
 * and on each alternative. api-v1.md §4 shows the list bodies and `POST /content` (`{ items }`)
 * but no single-item body, so a service may answer either shape and clients must take both. A
 * generated client gets a union and narrows it once (docs/rest.md, "Generated clients").
 */
import type { JsonSchema } from "./json-schema.js";

const WHY =
  "The contract (api-v1.md §4) shows no single-item body, so a service may answer either shape: " +
  "take both. A generated client narrows once on `item` (docs/rest.md, Generated clients).";

/** Each union's description, and its alternatives' in the order the union lists them. */
const DESCRIPTIONS: Record<string, { union: string; alternatives: readonly string[] }> = {
  ContentItemResponse: {
    union: `The item, as \`{ item }\` or bare. ${WHY}`,
    alternatives: [
      "`{ item }`: the item under `item`, the shape POST /content/{id}/schedule answers; " +
        "`plannedTimePassed` may sit beside it.",
      "The bare item: the resource itself, as a service answering the resource's URL sends it.",
    ],
  },
  AgentKeyResponse: {
    union: `The key, as \`{ key }\` or bare. ${WHY.replace("on `item`", "on `key`")}`,
    alternatives: [
      "`{ key }`: the key under `key`, as list-style answers wrap it.",
      "The bare key: the resource itself.",
    ],
  },
  CreatedAgentKeyResponse: {
    union: `The new key with its token, bare or as \`{ key }\`. ${WHY.replace("on `item`", "on `key`")}`,
    alternatives: [
      "The bare key, with `token`: the resource itself.",
      "`{ key }`: the key, with `token`, under `key`.",
    ],
  },
};

/** Writes the descriptions into `components` (a `$ref` alternative keeps its `$ref` beside it). */
export function describeItemResponses(components: Record<string, JsonSchema>): void {
  for (const [name, { union, alternatives }] of Object.entries(DESCRIPTIONS)) {
    const schema = components[name] as { anyOf?: JsonSchema[]; description?: string } | undefined;
    if (!schema?.anyOf || schema.anyOf.length !== alternatives.length) {
      throw new Error(`${name} is no longer a union of ${alternatives.length}: describe it anew`);
    }
    schema.description = union;
    schema.anyOf = schema.anyOf.map((alternative, index) => ({
      ...alternative,
      description: alternatives[index],
    }));
  }
}
