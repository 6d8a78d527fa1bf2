/**
 * The single-item answers: an envelope or a bare item, each saying why in the document. api-v1.md
 * §4 shows the list bodies and `POST /content` (`{ items }`) but no single-item body, so a service
 * may answer either shape and clients must take both. A generated client gets a union and narrows
 * it once (docs/rest.md, "Generated clients").
 */
import { z } from "zod";
import {
  AgentKeySchema,
  ContentItemSchema,
  CreatedAgentKeySchema,
  ItemEnvelopeSchema,
} from "../schemas/index.js";

const WHY =
  "The contract (api-v1.md §4) shows no single-item body, so a service may answer either shape: " +
  "take both. A generated client narrows once on `item` (docs/rest.md, Generated clients).";
const WHY_KEY = WHY.replace("on `item`", "on `key`");

/** `{ item }` or the item itself. */
export const ContentItemResponse = z
  .union([
    ItemEnvelopeSchema.describe(
      "`{ item }`: the item under `item`, the shape POST /content/{id}/schedule answers; " +
        "`plannedTimePassed` may sit beside it.",
    ),
    ContentItemSchema.describe(
      "The bare item: the resource itself, as a service answering the resource's URL sends it.",
    ),
  ])
  .describe(`The item, as \`{ item }\` or bare. ${WHY}`);

/** `{ key }` or the key itself. */
export const AgentKeyResponse = z
  .union([
    z
      .looseObject({ key: AgentKeySchema })
      .describe("`{ key }`: the key under `key`, as list-style answers wrap it."),
    AgentKeySchema.describe("The bare key: the resource itself."),
  ])
  .describe(`The key, as \`{ key }\` or bare. ${WHY_KEY}`);

/** The created key, with its token, flat or under `key`. */
export const CreatedAgentKeyResponse = z
  .union([
    CreatedAgentKeySchema.describe("The bare key, with `token`: the resource itself."),
    z
      .looseObject({ key: CreatedAgentKeySchema })
      .describe("`{ key }`: the key, with `token`, under `key`."),
  ])
  .describe(`The new key with its token, bare or as \`{ key }\`. ${WHY_KEY}`);
