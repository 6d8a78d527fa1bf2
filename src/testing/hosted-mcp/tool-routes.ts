/**
 * Each MCP tool as the REST call it mirrors (api-v1.md §4 "Tool-protocol (MCP) endpoint"), so a
 * tool call meets exactly the rules, limits and state of the route, and answers what the tools
 * of `@postline/sdk/tools` answer for the same call.
 */
import type { HttpMethod } from "../../core/transport/http-method.js";
import type { ServiceToolName } from "../../tools/tool-list.js";

/** A REST request under `/api/v1`, and how its 2xx body becomes the tool's result. */
export interface ToolRoute {
  readonly method: HttpMethod;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body?: Record<string, unknown> | undefined;
  /** Shapes the route's JSON body (`undefined` for a 204) as the tool's result. */
  readonly result: (body: unknown) => Record<string, unknown>;
}

type ToolInput = Record<string, unknown>;

const asIs = (body: unknown) => (body ?? {}) as Record<string, unknown>;

/** The REST call behind each tool, from its (already checked) input. */
export const TOOL_ROUTES: Readonly<Record<ServiceToolName, (input: ToolInput) => ToolRoute>> = {
  list_content: (input) => get("/content", input, asIs),
  list_channels: (input) => get("/channels", input, asIs),
  get_content: ({ id }) => get(itemPath(id), {}, asIs),
  get_brand: () => get("/brand", {}, asIs),
  get_schedule: () => get("/schedule", {}, asIs),
  get_stats: (input) => get("/stats", input, asIs),
  generate_content: (input) => send("POST", "/content", input, asIs),
  // A free draft is one item (§4 POST rule 3): the tool answers it as `{ item }`.
  create_content_draft: (input) =>
    send("POST", "/content", input, (body) => {
      const { items, ...rest } = asIs(body);
      return { ...rest, item: Array.isArray(items) ? items[0] : items };
    }),
  update_content: ({ id, ...changes }) => send("PATCH", itemPath(id), changes, asIs),
  schedule_content: ({ id, ...when }) => send("POST", `${itemPath(id)}/schedule`, when, asIs),
  delete_content: ({ id }) =>
    send("DELETE", itemPath(id), undefined, () => ({ deleted: true, id })),
};

function itemPath(id: unknown): string {
  return `/content/${encodeURIComponent(String(id ?? ""))}`;
}

function get(path: string, input: ToolInput, result: ToolRoute["result"]): ToolRoute {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  return { method: "GET", path, query, result };
}

function send(
  method: "POST" | "PATCH" | "DELETE",
  path: string,
  body: ToolInput | undefined,
  result: ToolRoute["result"],
): ToolRoute {
  return { method, path, query: new URLSearchParams(), body, result };
}
