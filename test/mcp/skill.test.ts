/**
 * The package's agent skill over MCP (the skills extension, SEP-2640): the official v2 client's
 * `SkillsClient` lists it, reads `skill://postline/SKILL.md` and verifies its digest, in both
 * protocol revisions, against `createMcpServer` in process and the built `postline mcp --fake`
 * over stdio. What it reads is byte for byte the file that ships.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterEach, describe, expect, it } from "vitest";
import { Postline } from "../../src/index.js";
import { createMcpServer } from "../../src/mcp/index.js";
import { createMcpHttpEndpoint } from "../../src/mcp/transport/http-endpoint.js";
import { createFakeService } from "../../src/testing/index.js";
import { REVISIONS, type Revision } from "./support/clients.js";
import { inProcessFetch } from "./support/in-memory-client.js";

const SKILL_FILE = new URL("../../skills/postline/SKILL.md", import.meta.url);
const SKILL_BYTES = new Uint8Array(readFileSync(SKILL_FILE));
const POSTLINE = fileURLToPath(new URL("../../dist/cli/postline.js", import.meta.url));
const SKILL_URI = "skill://postline/SKILL.md";

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

function v2Client(revision: Revision): Client {
  const client = new Client(
    { name: "skill-test", version: "1.0.0" },
    { versionNegotiation: { mode: revision === "2025-11-25" ? "legacy" : { pin: revision } } },
  );
  open.push(client);
  return client;
}

async function inProcess(revision: Revision): Promise<Client> {
  const service = createFakeService();
  const { apiKey, baseURL } = service.defaults;
  const client = new Postline({ apiKey, baseURL, fetch: service.fetch });
  const endpoint = createMcpHttpEndpoint(() => createMcpServer({ client }));
  const mcp = v2Client(revision);
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
      fetch: inProcessFetch(endpoint),
    }),
  );
  return mcp;
}

async function overStdio(revision: Revision): Promise<Client> {
  expect(existsSync(POSTLINE), "dist/cli/postline.js exists: run npm run build first").toBe(true);
  const mcp = v2Client(revision);
  await mcp.connect(
    new StdioClientTransport({ command: process.execPath, args: [POSTLINE, "mcp", "--fake"] }),
  );
  return mcp;
}

async function expectSkillServed(mcp: Client, revision: Revision) {
  expect(mcp.getNegotiatedProtocolVersion()).toBe(revision);
  const skills = new SkillsClient(mcp);
  expect(skills.supported).toBe(true);
  const listing = await skills.list();
  expect(listing.invalid).toEqual([]);
  expect(listing.skills.map((skill) => skill.uri)).toEqual([SKILL_URI]);
  const [entry] = listing.skills;
  expect(entry!.frontmatter.name).toBe("postline");
  if (revision === "2026-07-28") expect(listing).toMatchObject({ cacheScope: "public" });

  const file = await skills.read(entry!);
  expect(file.verified).toBe(true);
  expect(file.bytes).toEqual(SKILL_BYTES);
  expect(file.text).toBe(new TextDecoder().decode(SKILL_BYTES));

  const got = await skills.get(SKILL_URI);
  expect(got.skill).toEqual(entry);
  // A host that reads resources but not skills finds it in resources/list.
  const { resources } = await mcp.listResources();
  expect(resources.filter((resource) => resource.uri.startsWith("skill://"))).toEqual([
    expect.objectContaining({
      uri: SKILL_URI,
      mimeType: "text/markdown",
      size: SKILL_BYTES.length,
    }),
  ]);
}

describe.each(REVISIONS)("the agent skill over MCP, %s", (revision) => {
  it("createMcpServer serves skills/postline/SKILL.md, the same bytes as the package's file", async () => {
    await expectSkillServed(await inProcess(revision), revision);
  });

  it("postline mcp (built, over stdio) serves the same bytes", async () => {
    await expectSkillServed(await overStdio(revision), revision);
  });

  it("a skill URI the server does not serve is refused, and the tools still list first", async () => {
    const mcp = await inProcess(revision);
    const skills = new SkillsClient(mcp);
    await expect(skills.get("skill://postline/OTHER.md")).rejects.toThrow();
    const { tools } = await mcp.listTools();
    expect(tools[0]?.name).toBe("list_content");
  });
});
