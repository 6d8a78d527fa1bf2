import { afterEach, describe, expect, it } from "vitest";
import { exitOf, firstLine, startPostline } from "./support/run-postline.js";

let child: ReturnType<typeof startPostline> | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGKILL");
    await exitOf(child);
  }
  child = undefined;
});

describe("postline fake", () => {
  it("prints the base URL, key and channels, serves REST and MCP, and stops on Ctrl-C", async () => {
    child = startPostline(["fake", "--port", "0", "--json"]);
    const details = JSON.parse(await firstLine(child)) as {
      baseURL: string;
      mcpURL: string;
      apiKey: string;
      channelIds: string[];
    };
    expect(details.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(details.mcpURL).toBe(`${details.baseURL}/api/v1/mcp`);
    expect(details.channelIds.length).toBeGreaterThan(1);
    const rest = await fetch(`${details.baseURL}/api/v1/channels`, {
      headers: { authorization: `Bearer ${details.apiKey}` },
    });
    expect(rest.status).toBe(200);
    const { channels } = (await rest.json()) as { channels: { id: string }[] };
    expect(channels.map((channel) => channel.id)).toEqual(
      expect.arrayContaining(details.channelIds),
    );
    const mcp = await fetch(details.mcpURL, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    const listed = (await mcp.json()) as { result: { tools: { name: string }[] } };
    expect(listed.result.tools.map((tool) => tool.name)).toContain("create_content_draft");
    child.kill("SIGINT");
    expect(await exitOf(child)).toBe(0);
  });

  it("--log prints one line per request (time, method, path, status, error code, key), never the token; the page is at /", async () => {
    child = startPostline(["fake", "--port", "0", "--json", "--log"]);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    await expect.poll(() => output.includes("\n")).toBe(true);
    const details = JSON.parse(output.slice(0, output.indexOf("\n"))) as {
      baseURL: string;
      watchURL: string;
      apiKey: string;
    };
    expect(details.watchURL).toBe(`${details.baseURL}/`);
    await fetch(`${details.baseURL}/api/v1/channels?platform=x`, {
      headers: { authorization: `Bearer ${details.apiKey}` },
    });
    await fetch(`${details.baseURL}/api/v1/content`);
    const page = await fetch(details.watchURL);
    expect(await page.text()).toContain("<title>Postline fake</title>");
    await expect.poll(() => output.trimEnd().split("\n").length).toBe(3);
    const [, channels, refused] = output.trimEnd().split("\n");
    expect(channels).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} {2}GET {5}\/channels\?platform=x {2}200 {2}- {2}Seeded owner key \(key_acme_owner\)$/,
    );
    expect(refused).toMatch(/GET {5}\/content {2}401 {2}missing_authorization {2}no key$/);
    expect(output.slice(output.indexOf("\n"))).not.toContain(details.apiKey);
    child.kill("SIGINT");
    expect(await exitOf(child)).toBe(0);
  });

  it("prints the details as text by default", async () => {
    child = startPostline(["fake"]);
    const line = await firstLine(child);
    expect(line).toMatch(/^Postline fake listening on http:\/\/127\.0\.0\.1:\d+$/);
    child.kill("SIGTERM");
    expect(await exitOf(child)).toBe(0);
  });

  it("--host 0.0.0.0 with the control plane open warns on stderr and says how to set a token", async () => {
    child = startPostline(["fake", "--host", "0.0.0.0", "--port", "0", "--json"]);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    await firstLine(child);
    await expect.poll(() => stderr).toContain("warning");
    expect(stderr).toContain("--control-token");
    expect(stderr).toContain("POSTLINE_FAKE_CONTROL_TOKEN");
    child.kill("SIGTERM");
    expect(await exitOf(child)).toBe(0);
  });

  it("on 127.0.0.1, or with a control token, it does not warn", async () => {
    for (const args of [[], ["--host", "0.0.0.0", "--control-token", "0123456789abcdef-token"]]) {
      const run = startPostline(["fake", "--port", "0", "--json", ...args]);
      let stderr = "";
      run.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
      });
      await firstLine(run);
      run.kill("SIGTERM");
      await exitOf(run);
      expect(stderr, args.join(" ")).toBe("");
    }
  });
});
