import type { z } from "zod";
import type { ToolImplementation } from "./define-tool.js";
import { createContentDraft } from "./definitions/create-content-draft.js";
import { deleteContent } from "./definitions/delete-content.js";
import { generateContent } from "./definitions/generate-content.js";
import { getBrand } from "./definitions/get-brand.js";
import { getContent } from "./definitions/get-content.js";
import { getSchedule } from "./definitions/get-schedule.js";
import { getStats } from "./definitions/get-stats.js";
import { listChannels } from "./definitions/list-channels.js";
import { listContent } from "./definitions/list-content.js";
import { scheduleContent } from "./definitions/schedule-content.js";
import { updateContent } from "./definitions/update-content.js";

/** Every tool with the SDK call behind it; the hosted MCP tools first, then the reads. */
export const toolImplementations = [
  listContent,
  listChannels,
  generateContent,
  createContentDraft,
  updateContent,
  scheduleContent,
  getContent,
  deleteContent,
  getBrand,
  getSchedule,
  getStats,
] as const;

type Implementations = typeof toolImplementations;

type DefinitionsOf<T extends readonly unknown[]> = {
  readonly [I in keyof T]: T[I] extends { readonly definition: infer Definition }
    ? Definition
    : never;
};

/** The agent tools, ready for a model provider's tool list (see the adapters). */
export const tools = Object.freeze(
  toolImplementations.map((implementation) => implementation.definition),
) as unknown as DefinitionsOf<Implementations>;

/** The name of a tool: `"list_content" | "list_channels" | ...`. */
export type ToolName = Implementations[number]["definition"]["name"];

/** One of the tools in {@link tools}. */
export type Tool = (typeof tools)[number];

/** The input a tool accepts, as its zod input schema types it. */
export type ToolInput<Name extends ToolName> = z.input<
  Extract<Tool, { name: Name }>["inputSchema"]
>;

const byName: ReadonlyMap<string, ToolImplementation<ToolName, any>> = new Map(
  toolImplementations.map((implementation) => [implementation.definition.name, implementation]),
);

/** Finds a tool by name; `undefined` for a name no tool has. */
export function findTool(name: string): ToolImplementation<ToolName, any> | undefined {
  return byName.get(name);
}

/** Whether `name` is the name of one of the tools. */
export function isToolName(name: unknown): name is ToolName {
  return typeof name === "string" && byName.has(name);
}
