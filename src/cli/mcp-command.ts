/** `postline mcp`: the agent tools as an MCP server over stdio or Streamable HTTP. */
import type { McpServerOptions } from "../mcp/server/create-server.js";
import { isToolName, type ToolName, tools } from "../tools/tool-list.js";
import { ALLOW_HOST_FLAG, allowHostsOf } from "./allow-host-flag.js";
import { clientFromEnv, INSECURE_HTTP_FLAG, INSECURE_HTTP_HELP } from "./client-from-env.js";
import { type CommandSpec, usageLine } from "./command-spec.js";
import { embeddedFake } from "./embedded-fake.js";
import { type CliIO, showHelp, untilStopped } from "./io.js";
import { isMissingModule } from "./missing-module.js";
import { otlpTracingFromEnv } from "./otlp-tracer.js";
import { listenFailureLine, portOf } from "./port-flag.js";
import { connectRedisPacing, redisUrlOf } from "./redis-pacing.js";
import { terminalSafe } from "./terminal-text.js";
import { parseFlags, UsageError } from "./usage-error.js";

/** `postline mcp`, as the top-level help lists it. */
export const MCP_COMMAND = {
  name: "mcp",
  summary: "serve the agent tools over MCP, on stdio or Streamable HTTP (--http)",
  // The flags of `postline mcp`: what it parses, and what its usage line and `postline --help` list.
  flags: {
    "read-only": { type: "boolean" },
    tools: { type: "string", value: "a,b" },
    "max-wait": { type: "string", value: "ms" },
    acknowledgment: { type: "string", value: "ask|human|model" },
    fake: { type: "boolean" },
    log: { type: "boolean" },
    http: { type: "boolean" },
    port: { type: "string", value: "N" },
    preview: { type: "boolean" },
    open: { type: "boolean" },
    ...ALLOW_HOST_FLAG,
    redis: { type: "string", value: "URL" },
    ...INSECURE_HTTP_FLAG,
    help: { type: "boolean", short: "h" },
  },
} as const satisfies CommandSpec;

const MCP_HELP = `${usageLine(MCP_COMMAND)}

Serves the Postline agent tools as an MCP server, for an MCP host (a desktop assistant, an IDE,
an agent runtime), to clients of both protocol revisions (2025-11-25 and 2026-07-28). Over stdio
by default: stdout carries the protocol; messages go to stderr. With --http, over Streamable
HTTP at http://127.0.0.1:N/mcp (the URL is printed); a foreign Host or Origin is refused.

Environment:
  POSTLINE_API_KEY    the agent key (required without --fake)
  POSTLINE_BASE_URL   the service's address (required without --fake)
${INSECURE_HTTP_HELP.variable}
  POSTLINE_MAX_WAIT_MS  as --max-wait
  POSTLINE_MCP_ACKNOWLEDGMENT  as --acknowledgment
  POSTLINE_REDIS_URL  as --redis
  POSTLINE_REDIS_PREFIX  the key prefix of the fleet's store (default postline), as its
                      createRedisStore({ prefix }) names it
  POSTLINE_MCP_STATE_KEY  the key (32 bytes or more) signing the question put to the person;
                      give every process behind one host the same (default: random per process)
  OTEL_EXPORTER_OTLP_ENDPOINT  an OTLP collector (e.g. http://localhost:4318): each tool call
                      is exported as a span, continuing the host's traceparent (http/json;
                      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, _HEADERS and OTEL_SERVICE_NAME apply;
                      default service.name postline-mcp). Needs @opentelemetry/sdk-trace,
                      @opentelemetry/exporter-trace-otlp-http and @opentelemetry/resources

Options:
  --read-only         serve only the tools that read
  --tools a,b         serve only these tools (${tools.map((tool) => tool.name).join(", ")})
  --max-wait ms       how long a tool call waits for a rate-limit slot (default 45000, under
                      the minute a host gives a tool); a longer wait answers rate_limited
                      with retryAfterSeconds at once
  --acknowledgment m  who accepts AI-writing matches when a tool approves or schedules:
                      ask (default: the host's person where the host can show a form, else the
                      model), human (only a person), model (never ask)
  --fake              serve an embedded contract fake instead; needs no key or URL. With
                      --http, the fake's watch page (/), /fake/... and REST routes are served
                      beside /mcp, as by postline fake
  --log               with --fake, print one line per request the fake answers to stderr
  --redis URL         pace on a fleet's Redis store (redis://host:port), sharing one budget
                      with every client on the same key; needs redis or ioredis installed.
                      Without it the budget is this process's own. stderr says which paces
  --http              serve Streamable HTTP on 127.0.0.1 instead of stdio
  --port N            the port for --http (default 0: a free one)
  --preview           with --fake and --http, seed a flagged draft and serve a page at
                      /preview that opens the review card on it, as a host that renders MCP
                      Apps would; its URL, to open in a browser, is printed after the endpoint's
  --open              with --preview, also open that page in the default browser
  --allow-host NAME   with --fake --http, the fake's routes answer at this host name too
                      (repeatable); otherwise only at an IP address or localhost (DNS rebinding)
${INSECURE_HTTP_HELP.option}
  -h, --help          show this help

Needs the optional peer dependency @modelcontextprotocol/server.
`;

const IN_PROCESS_PACING =
  "this process (memory): --redis or POSTLINE_REDIS_URL shares a fleet's budget";

/** How a tool call's wait refusal tells the host's user to raise the bound: as this command sets it. */
const MAX_WAIT_SETTING = { rateLimit: { maxWaitSetting: "--max-wait or POSTLINE_MAX_WAIT_MS" } };

/** Runs `postline mcp`; resolves to the exit code when the host closes stdin or on a signal. */
export async function runMcp(argv: readonly string[], io: CliIO): Promise<number> {
  const { values: flags } = parseFlags(argv, MCP_COMMAND);
  if (flags.help) return showHelp(io, MCP_HELP);
  if (flags.port !== undefined && !flags.http) {
    throw new UsageError("--port needs --http: over stdio there is no port", "mcp");
  }
  if (flags.log && !flags.fake) {
    throw new UsageError("--log needs --fake: it prints the embedded fake's requests", "mcp");
  }
  if (flags.preview && !(flags.fake && flags.http)) {
    throw new UsageError(
      "--preview needs --fake and --http: it serves a page beside the endpoint, on the fake",
      "mcp",
    );
  }
  if (flags.open && !flags.preview) {
    throw new UsageError("--open needs --preview: it opens the preview page", "mcp");
  }
  const port = portOf(flags.port, "mcp");
  if (flags["allow-host"] !== undefined && !(flags.fake && flags.http)) {
    throw new UsageError(
      "--allow-host needs --fake --http: it names a host the embedded fake's routes answer at",
      "mcp",
    );
  }
  const allowHosts = allowHostsOf(flags["allow-host"], "mcp");
  const toolNames = flags.tools === undefined ? undefined : toolNamesOf(flags.tools);
  if (
    flags.preview &&
    (flags["read-only"] || (toolNames && !toolNames.includes("update_content")))
  ) {
    throw new UsageError(
      "--preview shows the review card, which is served with update_content: not with --read-only or a --tools list without it",
      "mcp",
    );
  }
  const maxWaitMs = maxWaitOf(flags["max-wait"], io.env.POSTLINE_MAX_WAIT_MS);
  const acknowledgment = acknowledgmentOf(flags.acknowledgment, io.env.POSTLINE_MCP_ACKNOWLEDGMENT);
  const requestStateKey = stateKeyOf(io.env.POSTLINE_MCP_STATE_KEY);
  const redisUrl = redisUrlOf(flags.redis, io.env.POSTLINE_REDIS_URL);
  const stopped = untilStopped();
  const pacing = redisUrl
    ? await connectRedisPacing(redisUrl, io.env.POSTLINE_REDIS_PREFIX?.trim() || undefined)
    : undefined;
  const tracing = await otlpTracingFromEnv(io.env, io.stderr);
  // The client's tracer is the server's too: the SDK call spans nest under execute_tool.
  const traced = tracing ? { tracer: tracing.tracer } : {};
  const rateLimit = { ...MAX_WAIT_SETTING.rateLimit, ...(pacing ? { store: pacing.store } : {}) };
  const fake = flags.fake
    ? await embeddedFake({ rateLimit, ...traced }, io, { log: flags.log === true, allowHosts })
    : undefined;
  const client =
    fake?.client ??
    clientFromEnv(io.env, "mcp", {
      rateLimit,
      ...traced,
      allowInsecureHttp: flags["allow-insecure-http"] === true,
    });
  // Only once the client is made: a missing key is the first and only line.
  io.stderr.write(`postline mcp: pacing in ${pacing?.description ?? IN_PROCESS_PACING}\n`);
  const options: McpServerOptions = {
    client,
    readOnly: flags["read-only"] === true,
    ...(toolNames ? { tools: toolNames } : {}),
    ...(maxWaitMs === undefined ? {} : { maxWaitMs }),
    acknowledgment,
    ...(requestStateKey === undefined ? {} : { requestStateKey }),
    // With --redis, a form's or a card's ticket decides once across every process.
    ...(pacing === undefined ? {} : { spentTickets: pacing.spentTickets }),
  };
  try {
    return await serve(flags, options, { fake, port }, io, stopped);
  } finally {
    // Exports the batched spans before the process exits.
    await tracing?.shutdown();
    await pacing?.close();
  }
}

/** Serves over stdio or Streamable HTTP until the host closes stdin or a signal comes. */
async function serve(
  flags: ReturnType<typeof parseFlags<(typeof MCP_COMMAND)["flags"]>>["values"],
  options: McpServerOptions,
  { fake, port }: { fake: Awaited<ReturnType<typeof embeddedFake>> | undefined; port: number },
  io: CliIO,
  stopped: Promise<unknown>,
): Promise<number> {
  const mcp = await loadMcp();
  try {
    // Refuses a bad selection once, up front, rather than on each connection.
    mcp.createMcpServer(options);
  } catch (error) {
    // selectTools refuses --tools naming a writing tool together with --read-only
    if (error instanceof TypeError) throw new UsageError(error.message, "mcp");
    throw error;
  }
  const factory = () => mcp.createMcpServer(options);
  const source = flags.fake ? " (embedded fake)" : "";
  if (flags.http) {
    const endpoint = mcp.createMcpHttpEndpoint(factory);
    const beside = await fake?.beside(mcp.MCP_HTTP_PATH);
    const preview =
      flags.preview && fake && beside
        ? await (await import("./card-preview.js")).cardPreview(endpoint.fetch, beside, fake.client)
        : undefined;
    let server: Awaited<ReturnType<typeof mcp.serveFetch>>;
    try {
      server = await mcp.serveFetch(
        preview?.fetch ?? endpoint.fetch,
        port,
        preview?.beside ?? beside,
      );
    } catch (error) {
      const line = listenFailureLine(error, port, "127.0.0.1");
      if (line === undefined) throw error;
      await endpoint.close();
      io.stderr.write(`postline mcp: ${terminalSafe(line)}\n`);
      return 1;
    }
    io.stdout.write(`${server.origin}${mcp.MCP_HTTP_PATH}\n`);
    io.stderr.write(`postline mcp: serving the tools over Streamable HTTP${source}\n`);
    if (preview) {
      const page = `${server.origin}${preview.path}`;
      io.stdout.write(`${page}\n`);
      io.stderr.write(
        `postline mcp: the review card on a seeded flagged draft, in a browser: ${page}\n`,
      );
      if (flags.open) {
        preview.open(page, (problem) => io.stderr.write(`postline mcp: ${problem}\n`));
      }
    }
    if (fake) {
      io.stderr.write(
        `postline mcp: watch the fake at ${server.origin}/ (requests live; JSON at ${server.origin}/fake/requests)\n`,
      );
    }
    await stopped;
    await endpoint.close();
    await server.close();
    return 0;
  }
  const closed = new Promise<void>((resolve) => process.stdin.once("end", resolve));
  const stdin = mcp.repairedStdin(process.stdin, (line) => process.stdout.write(line));
  const handle = mcp.serveStdio(factory, {
    transport: new mcp.StdioServerTransport(stdin, process.stdout),
  });
  if (flags.fake) io.stderr.write(`postline mcp: serving the tools over stdio${source}\n`);
  await Promise.race([closed, stopped]);
  await handle.close();
  // The repair reads stdin; it must let go of it, or the process would not exit.
  process.stdin.unpipe(stdin);
  process.stdin.pause();
  stdin.destroy();
  return 0;
}

function toolNamesOf(list: string): ToolName[] {
  const names = list
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const unknown = names.filter((name) => !isToolName(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new UsageError(
      `--tools ${names.length === 0 ? "names no tool" : `names ${unknown.map((n) => `"${n}"`).join(", ")}, which no tool has`}; the tools are ${tools.map((tool) => tool.name).join(", ")}`,
      "mcp",
    );
  }
  return names as ToolName[];
}

/** `--acknowledgment`, else `POSTLINE_MCP_ACKNOWLEDGMENT`, else `"ask"`. */
function acknowledgmentOf(
  flag: string | undefined,
  env: string | undefined,
): "ask" | "human" | "model" {
  const given = flag ?? (env?.trim() || "ask");
  if (given === "ask" || given === "human" || given === "model") return given;
  const source = flag === undefined ? "POSTLINE_MCP_ACKNOWLEDGMENT" : "--acknowledgment";
  throw new UsageError(`${source} must be ask, human or model; got "${given}"`, "mcp");
}

/** `POSTLINE_MCP_STATE_KEY`, at least 32 bytes; unset means a random key per process. */
function stateKeyOf(env: string | undefined): string | undefined {
  if (env === undefined || env === "") return undefined;
  if (new TextEncoder().encode(env).length < 32) {
    throw new UsageError("POSTLINE_MCP_STATE_KEY must be at least 32 bytes long", "mcp");
  }
  return env;
}

/** `--max-wait`, else `POSTLINE_MAX_WAIT_MS`, as milliseconds; a clear usage error otherwise. */
function maxWaitOf(flag: string | undefined, env: string | undefined): number | undefined {
  const given = flag ?? (env?.trim() || undefined);
  if (given === undefined) return undefined;
  const ms = Number(given);
  if (!/^\d+$/.test(given.trim()) || ms > 2_147_483_647) {
    const source = flag === undefined ? "POSTLINE_MAX_WAIT_MS" : "--max-wait";
    throw new UsageError(
      `${source} must be a whole number of milliseconds (e.g. 45000); got ${JSON.stringify(given)}`,
      "mcp",
    );
  }
  return ms;
}

/** The MCP parts, loaded only here: `postline fake` and `content export` work without them. */
async function loadMcp() {
  try {
    const [server, endpoint, stdio, repair, fetchServer] = await Promise.all([
      import("../mcp/server/create-server.js"),
      import("../mcp/transport/http-endpoint.js"),
      import("@modelcontextprotocol/server/stdio"),
      import("../mcp/transport/stdio-repair.js"),
      import("./serve-fetch.js"),
    ]);
    return {
      createMcpServer: server.createMcpServer,
      createMcpHttpEndpoint: endpoint.createMcpHttpEndpoint,
      MCP_HTTP_PATH: endpoint.MCP_HTTP_PATH,
      serveStdio: stdio.serveStdio,
      StdioServerTransport: stdio.StdioServerTransport,
      repairedStdin: repair.repairedStdin,
      serveFetch: fetchServer.serveFetch,
    };
  } catch (error) {
    if (isMissingModule(error, "@modelcontextprotocol/server")) {
      throw new UsageError(
        "postline mcp needs the optional peer dependency @modelcontextprotocol/server: npm install @modelcontextprotocol/server",
        "mcp",
      );
    }
    throw error;
  }
}
