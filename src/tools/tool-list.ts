import type { z } from "zod";
import type { ToolDefinition, ToolImplementation } from "./define-tool.js";
import { createContentDraft } from "./definitions/create-content-draft.js";
import { deleteContent } from "./definitions/delete-content.js";
import { generateContent } from "./definitions/generate-content.js";
import { getBrand } from "./definitions/get-brand.js";
import { getContent } from "./definitions/get-content.js";
import { getRateBudget } from "./definitions/get-rate-budget.js";
import { getSchedule } from "./definitions/get-schedule.js";
import { getStats } from "./definitions/get-stats.js";
import { listChannels } from "./definitions/list-channels.js";
import { listContent } from "./definitions/list-content.js";
import { scheduleContent } from "./definitions/schedule-content.js";
import { updateContent } from "./definitions/update-content.js";

/** The tools that call the service: the hosted MCP tools first, then the reads. */
const serviceImplementations = [
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

/** Every tool with the SDK call behind it; the tools answered by the client alone come last. */
const toolImplementations = [...serviceImplementations, getRateBudget] as const;

/** What `runTool`, `selectTools` and the adapters take to name a tool: the hosted MCP names. */
export type ToolName = ImplementedToolName;

/**
 * The names the definitions spell: the union {@link ToolName} documents.
 *
 * @inline
 */
type ImplementedToolName = (typeof toolImplementations)[number]["definition"]["name"];

/**
 * The tools that call the service, as the hosted MCP endpoint does: every tool but those the
 * client answers alone, sending nothing.
 */
export type ServiceToolName = (typeof serviceImplementations)[number]["definition"]["name"];

/** One of the agent tools: its name, description, input schemas and annotations. */
export type Tool = ToolDefinition<ToolName>;

/** The agent tools, ready for a model provider's tool list (see the adapters). */
export const tools: readonly Tool[] = Object.freeze(
  toolImplementations.map((implementation): Tool => implementation.definition),
);

/** The input each tool accepts, by tool name, as its zod input schema types it. */
export interface ToolInputs {
  /** Input of `list_content`. */
  list_content: z.input<typeof listContent.definition.inputSchema>;
  /** Input of `list_channels`. */
  list_channels: z.input<typeof listChannels.definition.inputSchema>;
  /** Input of `generate_content`. */
  generate_content: z.input<typeof generateContent.definition.inputSchema>;
  /** Input of `create_content_draft`. */
  create_content_draft: z.input<typeof createContentDraft.definition.inputSchema>;
  /** Input of `update_content`. */
  update_content: z.input<typeof updateContent.definition.inputSchema>;
  /** Input of `schedule_content`. */
  schedule_content: z.input<typeof scheduleContent.definition.inputSchema>;
  /** Input of `get_content`. */
  get_content: z.input<typeof getContent.definition.inputSchema>;
  /** Input of `delete_content`. */
  delete_content: z.input<typeof deleteContent.definition.inputSchema>;
  /** Input of `get_brand`: no parameters. */
  get_brand: Record<string, never>;
  /** Input of `get_schedule`: no parameters. */
  get_schedule: Record<string, never>;
  /** Input of `get_stats`. */
  get_stats: z.input<typeof getStats.definition.inputSchema>;
  /** Input of `get_rate_budget`: no parameters. */
  get_rate_budget: Record<string, never>;
}

/** The input a tool accepts, as its zod input schema types it. */
export type ToolInput<Name extends ToolName> = ToolInputs[Name];

const byName: ReadonlyMap<string, ToolImplementation<ToolName, any>> = new Map(
  toolImplementations.map((implementation) => [implementation.definition.name, implementation]),
);

/** Finds a tool by name; `undefined` for a name no tool has. */
export function findTool(name: string): ToolImplementation<ToolName, any> | undefined {
  return byName.get(name);
}

/** The tools that call the service (every tool but those the client answers alone). */
export const serviceTools: readonly Tool[] = Object.freeze(
  serviceImplementations.map((implementation): Tool => implementation.definition),
);

/** Whether `name` is the name of a tool that calls the service. */
export function isServiceToolName(name: string): name is ServiceToolName {
  return serviceTools.some((tool) => tool.name === name);
}

/** Whether `name` is the name of one of the tools. */
export function isToolName(name: unknown): name is ToolName {
  return typeof name === "string" && byName.has(name);
}
