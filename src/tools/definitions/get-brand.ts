import { BrandResponseSchema } from "../../schemas/index.js";
import { defineTool } from "../define-tool.js";
import { noParameters, READ_HINTS } from "./shared-fields.js";

/** `get_brand`: the workspace's brand profile, the facts and voice to write with. */
export const getBrand = defineTool(
  {
    name: "get_brand",
    title: "Get the brand profile",
    description:
      "Read the workspace's brand profile before writing. aboutYou.facts holds the only " +
      "claims you may make about the workspace; aboutYou.you is the founder's voice and " +
      "aboutYou.brand the brand's (a claim listed only under brand must not be made from the " +
      "founder's account). Follow standingRules (scope global, you or brand) and stay away " +
      "from excludedTopics. Returns { profile }, which is null before onboarding. Free; counts " +
      "toward the limit of 60 reads per minute.",
    inputSchema: noParameters,
    outputSchema: BrandResponseSchema,
    annotations: READ_HINTS,
  },
  async (client, _input, options) => ({ profile: await client.brand.get(options) }),
);
