import { ItemEnvelopeSchema } from "../../schemas/index.js";
import { defineTool } from "../define-tool.js";
import { contentIdInput, READ_HINTS } from "./shared-fields.js";

/** `get_content`: one content item by id. */
export const getContent = defineTool(
  {
    name: "get_content",
    title: "Get a content item",
    description:
      "Read one content item by id: its current text, status, channel, schedule and scan " +
      "results (flagged/flagReasons for length, sensitive/sensitivityReasons, aiIsmMatches). Use " +
      "it to re-read an item after an error such as transition_failed. Returns { item }. Free; " +
      "counts toward the limit of 60 reads per minute.",
    inputSchema: contentIdInput,
    outputSchema: ItemEnvelopeSchema,
    annotations: READ_HINTS,
  },
  async (client, input, options) => ({ item: await client.content.get(input.id, options) }),
);
