import { z } from "zod";

/**
 * Input fields several tools share, described once so every tool tells a model the same thing.
 */

export const contentId = z
  .string()
  .min(1)
  .describe("The content item's id, as returned by list_content or a create tool.");

export const channelIdField = z
  .string()
  .min(1)
  .describe("A connected channel's id, as returned by list_channels (never a platform name).");

export const acknowledgeAiIsms = z
  .boolean()
  .describe(
    "Set to true only after reading error.aiIsmMatches from a refused call, to approve text that " +
      "still matches AI-writing patterns. The acknowledgment binds to the exact current text.",
  );
