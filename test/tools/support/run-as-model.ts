import { runTool, type ToolClient, type ToolResult } from "../../../src/tools/index.js";

/**
 * Calls `runTool` the way an agent loop does, with a name and input that are only known at run
 * time, so a test can send what a model might send (wrong or missing parameters).
 */
export function runAsModel(client: ToolClient, name: string, input: unknown): Promise<ToolResult> {
  return runTool(client, name, input);
}
