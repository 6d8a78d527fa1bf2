import { InvalidRequestError } from "../core/errors/local-errors.js";
import { isToolName, type Tool, type ToolName, tools } from "../tools/tool-list.js";

/** Which tools to serve. */
export interface ToolSelection {
  /** Serve only the tools that only read (their `readOnlyHint`). */
  readonly readOnly?: boolean | undefined;
  /** Serve only these tools, by name. */
  readonly tools?: readonly ToolName[] | undefined;
}

/**
 * The tools a selection names, in the order of `tools`. A name no tool has, an empty list, or a
 * writing tool named alongside `readOnly: true` is refused with `InvalidRequestError` naming
 * `tools`, so a typo never silently serves fewer tools than meant.
 */
export function selectTools(selection: ToolSelection): readonly Tool[] {
  const { readOnly = false, tools: names } = selection;
  if (names === undefined) return readOnly ? tools.filter(isReadOnly) : tools;
  if (!Array.isArray(names) || names.length === 0)
    throw new InvalidRequestError("tools", "tools must be a non-empty array of tool names");
  const unknown = names.filter((name) => !isToolName(name));
  if (unknown.length > 0) {
    throw new InvalidRequestError(
      "tools",
      `tools names ${unknown.map((name) => JSON.stringify(name)).join(", ")}, which no tool has; the tools are ${tools.map((tool) => tool.name).join(", ")}`,
    );
  }
  const selected = tools.filter((tool) => names.includes(tool.name));
  const writing = selected.filter((tool) => !isReadOnly(tool));
  if (readOnly && writing.length > 0) {
    throw new InvalidRequestError(
      "tools",
      `readOnly is set but tools names ${writing.map((tool) => tool.name).join(", ")}, which can write; drop them or readOnly`,
    );
  }
  return selected;
}

function isReadOnly(tool: Tool): boolean {
  return tool.annotations.readOnlyHint;
}
