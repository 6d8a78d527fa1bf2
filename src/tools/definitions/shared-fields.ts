import { z } from "zod";
import type { ToolAnnotations } from "../define-tool.js";

/**
 * Input fields and hints several tools share, written once so every tool tells a model and a
 * host the same thing.
 */

/** The input of a tool that takes no parameters. */
export const noParameters = z.strictObject({});

/** Text a parameter needs at least one character of. */
export const nonEmptyString = z.string().min(1);

export const contentId = nonEmptyString.describe(
  "The content item's id, as returned by list_content or a create tool.",
);

/** The input of a tool that takes one content item's id. */
export const contentIdInput = z.strictObject({ id: contentId });

export const channelIdField = nonEmptyString.describe(
  "A connected channel's id, as returned by list_channels (never a platform name).",
);

/**
 * What a gated tool's description says of AI-ism matches, in every mode: it never tells the
 * model to acknowledge on its own, since wherever a person decides nothing the model sends would.
 */
export const NEEDS_ACKNOWLEDGMENT =
  "needs the matches acknowledged. Only a person may accept the matches where one can be " +
  "asked: the tool asks them, and only their answer counts. Otherwise the refusal carries " +
  "error.acknowledgmentRequired and error.aiIsmMatches, and its message says what to do: " +
  "rewrite the text, or show your user the text and matches.";

export const acknowledgeAiIsms = z
  .boolean()
  .describe(
    "true accepts the error.aiIsmMatches of a refused call, for the exact current text. Send " +
      "it only when the refusal's message tells you to: wherever a person decides it is ignored.",
  );

/** The hints of a tool that only reads the workspace. */
export const READ_HINTS: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/**
 * The hints of a tool that writes within the workspace, as creating content does (it stays there
 * until approved); a tool that does more spreads them and sets the hints it adds.
 */
export const WRITE_HINTS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};
