/**
 * The built `postline mcp --fake` over stdio with `OTEL_EXPORTER_OTLP_ENDPOINT` set: the official
 * MCP client sends a host's `traceparent`, and a loopback HTTP server standing in for the OTLP
 * collector receives the spans (http/json) once the host closes stdin and the command exits.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "./support/agent-session.js";
import { connectClient, REVISIONS } from "./support/clients.js";
import { metaFor, StdioPeer } from "./support/raw-rpc.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const POSTLINE = join(root, "dist/cli/postline.js");

/** An OTLP span as the http/json exporter sends it. */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}
interface OtlpRequest {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

/** A loopback OTLP collector: keeps every request body posted to /v1/traces. */
let collector: Server;
let collectorURL = "";
const received: { path: string; body: OtlpRequest }[] = [];
beforeAll(async () => {
  collector = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    request.on("end", () => {
      received.push({ path: request.url ?? "", body: JSON.parse(text) as OtlpRequest });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  collectorURL = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

const KINDS = ["unspecified", "internal", "server", "client", "producer", "consumer"];

/** The spans of one trace as indented lines, from `root` down, children by name. */
function treeOf(spans: readonly OtlpSpan[], root: OtlpSpan, depth = 0): string[] {
  const children = spans.filter((span) => span.parentSpanId === root.spanId);
  return [
    `${"  ".repeat(depth)}${root.name} [${KINDS[root.kind]}]`,
    ...children.flatMap((child) => treeOf(spans, child, depth + 1)),
  ];
}

/** A random lowercase hex id of `bytes` bytes. */
const hexId = (bytes: number) =>
  [...crypto.getRandomValues(new Uint8Array(bytes))]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");

/** The environment of the child: this process's, with `extra`. */
function envWith(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith("OTEL_")) env[key] = value;
  }
  return { ...env, ...extra };
}

/** What the collector received of the trace `traceId`: the request paths, service names, spans. */
function receivedOf(traceId: string) {
  const ofTrace = (span: OtlpSpan) => span.traceId === traceId;
  const requests = received.filter(({ body }) =>
    body.resourceSpans.some((r) => r.scopeSpans.some((s) => s.spans.some(ofTrace))),
  );
  const resources = requests.flatMap(({ body }) => body.resourceSpans);
  return {
    paths: requests.map(({ path }) => path),
    serviceNames: resources.map(
      (r) => r.resource.attributes.find((a) => a.key === "service.name")?.value.stringValue,
    ),
    spans: resources.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)).filter(ofTrace),
  };
}

/** The tree below the server span, which must be the child of the host's span `hostSpanId`. */
function serverTreeOf(spans: readonly OtlpSpan[], hostSpanId: string): string[] {
  const server = spans.find((span) => span.name === "tools/call list_channels");
  expect(server?.parentSpanId).toBe(hostSpanId);
  return treeOf(spans, server!);
}

const TREE = [
  "tools/call list_channels [server]",
  "  execute_tool list_channels [internal]",
  "    postline channels.list [internal]",
  "      GET [client]",
];

describe.each(REVISIONS)("postline mcp exports its spans over OTLP, %s", (revision) => {
  // One revision reads the general endpoint, the other the traces one and a service name.
  const exportEnv =
    revision === "2025-11-25"
      ? { env: { OTEL_EXPORTER_OTLP_ENDPOINT: "" }, path: "/v1/traces", service: "postline-mcp" }
      : {
          env: {
            OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "/spans-here",
            OTEL_SERVICE_NAME: "my-host-tools",
          },
          path: "/spans-here",
          service: "my-host-tools",
        };
  /** The export variables, with the collector's URL put in front of each endpoint. */
  const collectorEnv = () =>
    Object.fromEntries(
      Object.entries(exportEnv.env).map(([key, value]) => [
        key,
        key.endsWith("ENDPOINT") ? `${collectorURL}${value}` : value,
      ]),
    );

  it("the collector receives tools/call (SERVER, the host's trace) → execute_tool → the SDK call → its attempt, once stdin closes", async () => {
    const traceId = hexId(16);
    const hostSpanId = hexId(8);
    const mcp = await connectClient(
      revision,
      {
        command: process.execPath,
        args: [POSTLINE, "mcp", "--fake"],
        env: envWith(collectorEnv()),
      },
      "stdio-otlp",
    );
    const listed = await mcp.callTool({
      name: "list_channels",
      arguments: {},
      _meta: { traceparent: `00-${traceId}-${hostSpanId}-01` },
    } as { name: string; arguments: Record<string, unknown> });
    expect(listed.isError).toBeFalsy();
    // Closing stdin is the host's goodbye: the command flushes its batch before it exits.
    await mcp.close();

    const { paths, serviceNames, spans } = receivedOf(traceId);
    expect(paths).toEqual([exportEnv.path]);
    expect(serviceNames).toEqual([exportEnv.service]);
    expect(serverTreeOf(spans, hostSpanId)).toEqual(TREE);
  }, 20_000);

  it("SIGTERM flushes the batch too", async () => {
    const traceId = hexId(16);
    const hostSpanId = hexId(8);
    const peer = new StdioPeer(
      process.execPath,
      [POSTLINE, "mcp", "--fake"],
      envWith(collectorEnv()),
    );
    await peer.open(revision);
    peer.send({
      jsonrpc: "2.0",
      id: "list",
      method: "tools/call",
      params: {
        name: "list_channels",
        arguments: {},
        _meta: metaFor(revision, { traceparent: `00-${traceId}-${hostSpanId}-01` }),
      },
    });
    const answer = await peer.answerTo("list");
    expect(answer.error).toBeUndefined();
    // stdin stays open: only the signal ends the command.
    expect(await peer.close()).toBe(0);
    expect(serverTreeOf(receivedOf(traceId).spans, hostSpanId)).toEqual(TREE);
  }, 20_000);
});

describe("postline mcp without the OpenTelemetry packages", () => {
  /** The built package in a folder whose node_modules has everything but @opentelemetry. */
  let withoutOtel = "";
  beforeAll(() => {
    withoutOtel = mkdtempSync(join(tmpdir(), "postline-no-otel-"));
    cpSync(join(root, "dist"), join(withoutOtel, "dist"), { recursive: true });
    cpSync(join(root, "package.json"), join(withoutOtel, "package.json"));
    const modules = join(withoutOtel, "node_modules");
    mkdirSync(modules);
    for (const entry of readdirSync(join(root, "node_modules"))) {
      if (entry !== "@opentelemetry") {
        symlinkSync(join(root, "node_modules", entry), join(modules, entry));
      }
    }
  });
  afterAll(() => rmSync(withoutOtel, { recursive: true, force: true }));

  it("says once on stderr which packages to install, and serves the tools untraced", async () => {
    let stderr = "";
    const mcp = await connectClient(REVISIONS[1], {
      command: process.execPath,
      args: [join(withoutOtel, "dist/cli/postline.js"), "mcp", "--fake"],
      env: envWith({ OTEL_EXPORTER_OTLP_ENDPOINT: collectorURL }),
      onStderr: (text) => {
        stderr += text;
      },
    });
    const listed = await call(mcp, "list_channels", {});
    expect(listed.raw.isError).toBeFalsy();
    await mcp.close();
    const lines = stderr.split("\n").filter((line) => line.includes("@opentelemetry"));
    expect(lines).toEqual([
      "postline mcp: OTEL_EXPORTER_OTLP_ENDPOINT is set, but the spans need @opentelemetry/sdk-trace, @opentelemetry/exporter-trace-otlp-http, @opentelemetry/resources: npm install @opentelemetry/sdk-trace @opentelemetry/exporter-trace-otlp-http @opentelemetry/resources; serving without tracing",
    ]);
  }, 20_000);
});

describe("postline mcp with an OTLP collector that never answers", () => {
  /** Takes every request and never answers it: the export stays in flight. */
  let hanging: Server;
  let hangingURL = "";
  beforeAll(async () => {
    hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    hangingURL = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    hanging.closeAllConnections();
    return new Promise<void>((resolve) => hanging.close(() => resolve()));
  });

  it("gives the flush 2 s once stdin closes, says on stderr how many spans it dropped, and exits 0", async () => {
    const peer = new StdioPeer(
      process.execPath,
      [POSTLINE, "mcp", "--fake"],
      envWith({ OTEL_EXPORTER_OTLP_ENDPOINT: hangingURL }),
    );
    await peer.open(REVISIONS[0]);
    peer.send({
      jsonrpc: "2.0",
      id: "list",
      method: "tools/call",
      params: { name: "list_channels", arguments: {}, _meta: metaFor(REVISIONS[0], {}) },
    });
    expect((await peer.answerTo("list")).error).toBeUndefined();
    // Without a bound of its own, the exporter's 10 s timeout ends the flush, with another line.
    expect(await peer.endInput()).toBe(0);
    const lines = peer.stderr.split("\n").filter((line) => line.includes("OTLP"));
    expect(lines).toEqual([
      "postline mcp: the OTLP collector did not answer within 2 s; 4 of 4 spans dropped",
    ]);
  }, 20_000);
});
