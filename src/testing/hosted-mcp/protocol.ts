/** What the fake's MCP endpoint says about itself; each is a choice listed in docs/testing.md. */
import { VERSION } from "../../version.js";

/** Where the endpoint answers, under `/api/v1` (the contract does not show the path). */
export const MCP_PATH = "/mcp";

/** Protocol versions the endpoint speaks, newest first; `initialize` picks the client's if listed. */
export const MCP_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/** The `serverInfo` of `initialize`. */
export const MCP_SERVER_INFO = {
  name: "postline",
  title: "Postline Agent API (fake)",
  version: VERSION,
} as const;

/** MCP discovery calls: no key needed, 60 a minute per address (api-v1.md §5 rule 5, §8). */
export const DISCOVERY_METHODS: ReadonlySet<string> = new Set(["initialize", "tools/list", "ping"]);
export const DISCOVERY_LIMIT = 60;
