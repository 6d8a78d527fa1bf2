import { tools as allTools, isToolName, type Tool, type ToolName } from "./tool-list.js";

/** Which tools to hand a framework or a provider's tool runner. */
export interface ToolSelection {
  /** Only the tools that read (`annotations.readOnlyHint`); nothing can change the workspace. */
  readonly readOnly?: boolean | undefined;
  /** Only these tools, by name, in the order of {@link tools}. */
  readonly tools?: readonly ToolName[] | undefined;
}

/**
 * Picks tools by {@link ToolSelection}. An unknown name, or a tool that writes named together
 * with `readOnly: true`, throws a `TypeError` naming the option, so a typo fails at start-up
 * rather than leaving a model without the tool it was told about.
 *
 * @example
 * ```ts
 * const readers = selectTools({ readOnly: true });
 * const drafting = selectTools({ tools: ["list_channels", "create_content_draft"] });
 * ```
 */
export function selectTools(selection: ToolSelection = {}): readonly Tool[] {
  if (selection === null || typeof selection !== "object") {
    throw new TypeError("options must be an object such as { readOnly: true }.");
  }
  const { readOnly, tools: names } = selection;
  if (readOnly !== undefined && typeof readOnly !== "boolean") {
    throw new TypeError(`options.readOnly must be a boolean; got ${typeof readOnly}.`);
  }
  if (names === undefined) {
    return readOnly === true ? allTools.filter((tool) => tool.annotations.readOnlyHint) : allTools;
  }
  if (!Array.isArray(names)) {
    throw new TypeError("options.tools must be an array of tool names.");
  }
  const unknown = names.filter((name) => !isToolName(name));
  if (unknown.length > 0) {
    throw new TypeError(
      `options.tools names no tool called ${unknown.map((name) => `"${String(name)}"`).join(", ")}. ` +
        `Tools: ${allTools.map((tool) => tool.name).join(", ")}.`,
    );
  }
  const chosen = allTools.filter((tool) => names.includes(tool.name));
  const writers = chosen.filter((tool) => !tool.annotations.readOnlyHint);
  if (readOnly === true && writers.length > 0) {
    throw new TypeError(
      `options.tools names ${writers.map((tool) => tool.name).join(", ")}, which can change ` +
        "the workspace, while options.readOnly is true.",
    );
  }
  return chosen;
}
