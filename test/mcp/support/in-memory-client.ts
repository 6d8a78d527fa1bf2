import { createMcpServer, type McpServerOptions } from "../../../src/mcp/index.js";
import {
  createMcpHttpEndpoint,
  type McpHttpEndpoint,
} from "../../../src/mcp/transport/http-endpoint.js";
import { connectClient, type McpTestClient, type Revision } from "./clients.js";

/** The endpoint `postline mcp --http` serves, answering in process (no socket). */
export function inProcessFetch(endpoint: McpHttpEndpoint): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    // What a local host sends; the endpoint refuses a foreign Host.
    request.headers.set("host", "127.0.0.1");
    return endpoint.fetch(request);
  };
}

/**
 * The official client of `revision` connected to `createMcpServer(options)` through the same
 * endpoint `postline mcp --http` serves, in process.
 */
export async function connectedClient(
  options: McpServerOptions,
  name: string,
  revision: Revision,
  factory: () => ReturnType<typeof createMcpServer> = () => createMcpServer(options),
): Promise<McpTestClient> {
  const endpoint = createMcpHttpEndpoint(factory);
  return connectClient(
    revision,
    { url: "http://127.0.0.1/mcp", fetch: inProcessFetch(endpoint) },
    name,
  );
}
