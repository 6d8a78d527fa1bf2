/** `postline fake`: the contract fake over real HTTP (REST and MCP) until Ctrl-C. */
import { Postline } from "../client.js";
import { isLoopbackHost } from "../core/setup/base-url.js";
import { createFakeService, type FakeService } from "../testing/fake/service.js";
import { CONTROL_PATHS } from "../testing/tooling/control/control-routes.js";
import { type FakeServer, startFakeServer } from "../testing/tooling/serve/http-server.js";
import { ALLOW_HOST_FLAG, allowHostsOf } from "./allow-host-flag.js";
import { INSECURE_HTTP_FLAG } from "./client-from-env.js";
import { type CommandSpec, usageLine } from "./command-spec.js";
import { FAKE_CHECK_USAGE, runFakeCheck } from "./fake-check-command.js";
import { runFakeReplay } from "./fake-replay.js";
import { fakeRoutesHelp } from "./fake-routes-help.js";
import { readSeedFile } from "./fake-seed-file.js";
import { FAKE_SNAPSHOT_COMMAND, runFakeSnapshot } from "./fake-snapshot-command.js";
import { type CliIO, listeningText, showHelp, untilStopped } from "./io.js";
import { listenFailureLine, portOf } from "./port-flag.js";
import { requestLine } from "./request-line.js";
import { jsonLine, terminalSafe } from "./terminal-text.js";
import { parseFlags, UsageError } from "./usage-error.js";

/** The variable that does what `--control-token` does. */
const CONTROL_TOKEN_VARIABLE = "POSTLINE_FAKE_CONTROL_TOKEN";

/** `postline fake`, as the top-level help lists it. */
export const FAKE_COMMAND = {
  name: "fake",
  summary: "serve the contract fake over HTTP (REST and MCP), with a live page at /",
  // The flags of `postline fake`: what it parses, and what its usage line and `postline --help` list.
  flags: {
    port: { type: "string", value: "N" },
    host: { type: "string", value: "ADDRESS" },
    ...ALLOW_HOST_FLAG,
    seed: { type: "string", value: "FILE" },
    replay: { type: "string", value: "FILE" },
    json: { type: "boolean" },
    log: { type: "boolean" },
    "control-token": { type: "string", value: "TOKEN" },
    "no-control": { type: "boolean" },
    ...INSECURE_HTTP_FLAG,
    help: { type: "boolean", short: "h" },
  },
} as const satisfies CommandSpec;

const FAKE_HELP = `${usageLine(FAKE_COMMAND)}
${usageLine(FAKE_SNAPSHOT_COMMAND)}
${FAKE_CHECK_USAGE}

Serves the contract fake of the Postline Agent API over HTTP until stopped (Ctrl-C): the REST
routes under /api/v1 and the MCP endpoint at /api/v1/mcp, with a seeded workspace. Prints the
base URL, the workspace's API key and its channel ids, so an agent in any language can be
developed against it.

Open the base URL in a browser to watch it live: the requests (time, key, method, path, status,
error code), the workspace's items by status and each key's rate windows. The request log is
also JSON at /fake/requests. Neither shows a token, a cookie or a body. The log keeps the
newest 10000 requests and 16 Mi characters of bodies; the page says when older ones were dropped.

A control plane under /fake/ steers it from any language: POST /fake/reset, GET/POST
/fake/clock, POST/GET/DELETE /fake/faults, POST /fake/keys, GET /fake/requests (filters, and
wait=<ms>&count=<n> to long-poll); GET /fake/openapi.json describes them. It takes JSON writes
only and sends no CORS headers. Every route, the sign-in and /api/v1 included, answers only at an
IP address, localhost or an --allow-host name (bound off loopback, /api/v1 answers any name).

Options:
  --port N          port to listen on (default 0: a free port)
  --host ADDRESS    interface to bind (default 127.0.0.1)
  --allow-host NAME answer at this host name too (repeatable): bound to loopback, every route
                    answers only at an IP address or localhost, so that a page whose DNS name
                    is rebound to 127.0.0.1 gets 403
  --json            print the details as one JSON line instead of text
  --log             print one line per request to stdout (terminal-safe, tokens redacted)
  --seed FILE       start from this seed (JSON; schema: @postline/sdk/fake-seed.schema.json),
                    checked before the server starts; postline fake snapshot writes one
  --replay FILE     serve a recording (postline record) instead of the fake: each request gets
                    the next unused exchange with its method, path, query and body, in order,
                    whatever key it sends; any other gets 501 not_recorded
  --control-token T require Authorization: Bearer T on the control routes (for a fake served
                    on another interface); or ${CONTROL_TOKEN_VARIABLE}
  --no-control      serve no control routes (the watch page and its JSON stay)
  --allow-insecure-http
                    accepted, as by every command; the fake sends no key itself (its clients
                    on other machines need it, or POSTLINE_ALLOW_INSECURE_HTTP=1)
  -h, --help        show this help
`;

/** Runs `postline fake`; resolves to the exit code once stopped. */
export async function runFake(argv: readonly string[], io: CliIO): Promise<number> {
  if (argv[0] === "snapshot") return runFakeSnapshot(argv.slice(1), io);
  if (argv[0] === "check") return runFakeCheck(argv.slice(1), io);
  const { values: flags } = parseFlags(argv, FAKE_COMMAND);
  if (flags.help) return showHelp(io, FAKE_HELP + fakeRoutesHelp());
  const port = portOf(flags.port, "fake");
  if (flags.replay !== undefined) {
    if (flags.seed !== undefined)
      throw new UsageError("--replay and --seed cannot go together", "fake");
    return runFakeReplay(flags.replay, { port, json: flags.json === true }, io);
  }
  const allowHosts = allowHostsOf(flags["allow-host"], "fake");
  const token = flags["control-token"] ?? io.env[CONTROL_TOKEN_VARIABLE];
  if (token !== undefined && token.trim().length < 16) {
    throw new UsageError(
      `--control-token (or ${CONTROL_TOKEN_VARIABLE}) needs at least 16 characters`,
      "fake",
    );
  }
  if (flags["no-control"] && token !== undefined && flags["control-token"] !== undefined) {
    throw new UsageError("--no-control and --control-token cannot go together", "fake");
  }
  // A bad seed is refused before anything listens, with the JSON path of each problem.
  const seed = flags.seed === undefined ? undefined : readSeedFile(flags.seed, io);
  if (seed === null) return 2;
  let service: FakeService;
  try {
    service = createFakeService(seed);
  } catch (error) {
    io.stderr.write(`postline: ${terminalSafe(`${flags.seed}: ${(error as Error).message}`)}\n`);
    return 2;
  }
  // Listening before anything is printed: a Ctrl-C right after the first line still stops cleanly.
  const stopped = untilStopped();
  const control = flags["no-control"]
    ? false
    : token === undefined
      ? true
      : { token: token.trim() };
  let server: FakeServer;
  try {
    server = await startFakeServer(service, {
      port,
      watch: true,
      control,
      allowHosts,
      ...(flags.host ? { host: flags.host } : {}),
    });
  } catch (error) {
    const line = listenFailureLine(error, port, flags.host ?? "127.0.0.1");
    if (line === undefined) throw error;
    io.stderr.write(`postline: ${terminalSafe(line)}\n`);
    return 1;
  }
  const channels = await connectedChannels(service);
  // That read was the command's own: the log and the key's window start empty for the user.
  service.clearRequests();
  service.resetRateLimits();
  const details = {
    baseURL: server.url,
    mcpURL: `${server.url}/api/v1/mcp`,
    watchURL: `${server.url}/`,
    controlURL: control === false ? null : `${server.url}${CONTROL_PATHS.openapi}`,
    apiKey: service.defaults.apiKey,
    channelIds: service.defaults.channelIds,
    // A seed file holds no token: its keys' tokens are made now, and listed here.
    ...(seed === undefined ? {} : { keys: service.workspace().keys() }),
  };
  const onLoopback = isLoopbackHost(new URL(server.url).hostname);
  // Plain http to an address that is not loopback needs the CLI's and the client's consent.
  const insecure = onLoopback ? "" : " POSTLINE_ALLOW_INSECURE_HTTP=1";
  if (flags.json) io.stdout.write(jsonLine(details));
  else {
    const lines = [
      `Postline fake listening on ${server.url}`,
      `  REST      ${server.url}/api/v1`,
      `  MCP       ${details.mcpURL}`,
      `  watch     ${details.watchURL}   (requests live; JSON at ${server.url}/fake/requests)`,
      `  API key   ${details.apiKey}   (a test key of this fake only)`,
      details.controlURL === null
        ? "  control   off (--no-control)"
        : `  control   ${details.controlURL}   (reset, clock, faults, keys${control === true ? "" : "; bearer token required"})`,
      `  channels  ${channels.map((c) => `${c.id} (${c.platform})`).join(", ")}`,
      ...(details.keys ?? []).map((key) => `  key       ${key.id}: ${key.token}`),
    ];
    const exports = `POSTLINE_BASE_URL=${server.url} POSTLINE_API_KEY=${details.apiKey}${insecure}`;
    io.stdout.write(listeningText(lines, exports));
  }
  if (control === true && !onLoopback) {
    const warning = `postline fake: warning: bound to ${flags.host}, the control plane (reset, clock, faults, keys) answers anyone who reaches this port; set a token with --control-token TOKEN (16+ characters) or ${CONTROL_TOKEN_VARIABLE}, or serve none with --no-control`;
    io.stderr.write(`${terminalSafe(warning)}\n`);
  }
  if (flags.log) service.onRequest((entry) => io.stdout.write(`${requestLine(entry)}\n`));
  await stopped;
  await server.close();
  return 0;
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
