/** `postline fake`: the contract fake over real HTTP (REST and MCP) until Ctrl-C. */
import { Postline } from "../client.js";
import { startFakeServer } from "../testing/http-server.js";
import { createFakeService, type FakeService } from "../testing/service.js";
import { fakeRoutesHelp } from "./fake-routes-help.js";
import { type CliIO, untilStopped } from "./io.js";
import { parseFlags, UsageError } from "./usage-error.js";

export const FAKE_HELP = `Usage: postline fake [--port N] [--host ADDRESS] [--json]

Serves the contract fake of the Postline Agent API over HTTP until stopped (Ctrl-C): the REST
routes under /api/v1 and the MCP endpoint at /api/v1/mcp, with a seeded workspace. Prints the
base URL, the workspace's API key and its channel ids, so an agent in any language can be
developed against it.

Options:
  --port N          port to listen on (default 0: a free port)
  --host ADDRESS    interface to bind (default 127.0.0.1)
  --json            print the details as one JSON line instead of text
  -h, --help        show this help
`;

/** Runs `postline fake`; resolves to the exit code once stopped. */
export async function runFake(argv: readonly string[], io: CliIO): Promise<number> {
  const flags = parseFlags(
    argv,
    {
      port: { type: "string" },
      host: { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    "fake",
  );
  if (flags.help) {
    io.stdout.write(FAKE_HELP + fakeRoutesHelp());
    return 0;
  }
  const port = portOf(flags.port);
  // Listening before anything is printed: a Ctrl-C right after the first line still stops cleanly.
  const stopped = untilStopped();
  const service = createFakeService();
  const server = await startFakeServer(service, {
    port,
    ...(flags.host ? { host: flags.host } : {}),
  });
  const channels = await connectedChannels(service);
  const details = {
    baseURL: server.url,
    mcpURL: `${server.url}/api/v1/mcp`,
    apiKey: service.defaults.apiKey,
    channelIds: service.defaults.channelIds,
  };
  if (flags.json) io.stdout.write(`${JSON.stringify(details)}\n`);
  else {
    io.stdout.write(
      [
        `Postline fake listening on ${server.url}`,
        `  REST      ${server.url}/api/v1`,
        `  MCP       ${details.mcpURL}`,
        `  API key   ${details.apiKey}   (a test key of this fake only)`,
        `  channels  ${channels.map((c) => `${c.id} (${c.platform})`).join(", ")}`,
        "",
        `  export POSTLINE_BASE_URL=${server.url} POSTLINE_API_KEY=${details.apiKey}`,
        "",
        "Press Ctrl-C to stop.",
        "",
      ].join("\n"),
    );
  }
  await stopped;
  await server.close();
  return 0;
}

function portOf(value: string | undefined): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535)
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${value}"`, "fake");
  return port;
}

/** The seeded workspace's connected channels, read through the fake itself. */
async function connectedChannels(service: FakeService) {
  const { apiKey, baseURL } = service.defaults;
  const client = new Postline({ apiKey, baseURL, fetch: service.fetch });
  const channels = await client.channels.list();
  return channels
    .filter((channel) => channel.isActive !== false)
    .map((channel) => ({ id: channel.id, platform: String(channel.platform ?? "") }));
}
