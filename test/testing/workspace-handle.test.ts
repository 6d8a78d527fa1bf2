/**
 * The workspace controls of `service.workspace()` that take no flag: `connectChannel` and
 * `disconnectChannel` say what they do at the call; `setChannelConnected(id, boolean)`, the
 * released form, still works.
 */
import { describe, expect, it } from "vitest";
import { createFakeService, type FakeService } from "../../src/testing/index.js";
import { thrownBy } from "../support/thrown.js";

async function isActive(service: FakeService, channelId: string): Promise<unknown> {
  const response = await service.fetch(`${service.defaults.baseURL}/api/v1/channels`, {
    headers: { authorization: `Bearer ${service.defaults.apiKey}` },
  });
  const { channels } = (await response.json()) as { channels: { id: string; isActive: unknown }[] };
  return channels.find((channel) => channel.id === channelId)?.isActive;
}

describe("WorkspaceHandle channel controls", () => {
  it("disconnectChannel and connectChannel turn GET /channels `isActive` off and on", async () => {
    const service = createFakeService();
    const [channelId = ""] = service.defaults.channelIds;
    service.workspace().disconnectChannel(channelId);
    expect(await isActive(service, channelId)).toBe(false);
    service.workspace().connectChannel(channelId);
    expect(await isActive(service, channelId)).toBe(true);
  });

  it("setChannelConnected(id, false), deprecated, still disconnects", async () => {
    const service = createFakeService();
    const [channelId = ""] = service.defaults.channelIds;
    service.workspace().setChannelConnected(channelId, false);
    expect(await isActive(service, channelId)).toBe(false);
  });

  it("an unknown channel id is refused, naming the id and the workspace", () => {
    const service = createFakeService();
    const error = thrownBy(() => service.workspace().disconnectChannel("ch_nope"), Error);
    expect(error.message).toMatch(/No channel ch_nope in ws_/);
  });
});
