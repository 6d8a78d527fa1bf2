import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createMcpServer, type McpServerOptions } from "../../../src/mcp/index.js";

/** The official MCP client, connected to `createMcpServer(options)` over the in-memory transport. */
export async function connectedClient(options: McpServerOptions, name: string): Promise<Client> {
  const server = createMcpServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}
