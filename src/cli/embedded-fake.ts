/**
 * The contract fake `postline mcp --fake` serves the tools against, in process: its client, and
 * over `--http` its own routes (the watch page at `/`, `/fake/…`, the REST routes) served beside
 * the MCP endpoint by the very listener `postline fake` uses.
 */
import type { Postline } from "../client.js";
import type { PostlineOptions } from "../core/setup/client-options.js";
import type { CliIO } from "./io.js";
import { requestLine } from "./request-line.js";
import type { Beside } from "./serve-fetch.js";

/**
 * A client of an in-process fake (no sockets, no key to set), and `beside(mcpPath)`, its routes
 * for the HTTP server: every path but `mcpPath` goes to the fake. With `log`, one line per request
 * the fake answers goes to stderr (stdout carries the protocol over stdio, and the URL over HTTP).
 */
export async function embeddedFake(
  options: Pick<PostlineOptions, "tracer" | "rateLimit">,
  io: CliIO,
  { log, allowHosts = [] }: { log: boolean; allowHosts?: readonly string[] },
): Promise<{ client: Postline; beside(mcpPath: string): Promise<Beside> }> {
  const [{ Postline }, { createFakeService }] = await Promise.all([
    import("../client.js"),
    import("../testing/fake/service.js"),
  ]);
  const service = createFakeService();
  const { apiKey, baseURL } = service.defaults;
  if (log) service.onRequest((entry) => io.stderr.write(`${requestLine(entry)}\n`));
  return {
    client: new Postline({ apiKey, baseURL, fetch: service.fetch, ...options }),
    async beside(mcpPath) {
      const { fakeRequestListener } = await import("../testing/tooling/serve/http-server.js");
      return {
        owns: (pathname) => pathname !== mcpPath,
        listener: fakeRequestListener(service, { watch: true, allowHosts }),
      };
    },
  };
}
