import { Agent, tool } from "@openai/agents";
import { afterEach, describe, expect, it } from "vitest";
import { openAIAgentsTools } from "../../src/frameworks/openai-agents.js";
import { toOpenAIResponsesTools, tools } from "../../src/tools/index.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import {
  fakedAgentsRunner,
  fakedOpenAI,
  fakeResponsesAPI,
} from "../support/openai-agents-mock-model.js";
import { recoveryScript } from "./support/recovery-script.js";

let session: FakeSession | undefined;
afterEach(() => {
  session?.close();
  session = undefined;
});

describe("openAIAgentsTools under an Agent, with the Responses API faked by msw", () => {
  it("a run recovers from a missing channel and from acknowledgmentRequired, ending with one item", async () => {
    const script = recoveryScript({ strict: true });
    const responses = fakeResponsesAPI(script.next);
    session = openFakeSession(responses.handler);
    const openai = fakedOpenAI();
    const before = (await session.client.content.list({ status: "all" }).toArray()).length;

    const agent = new Agent({
      name: "Drafts",
      instructions: "Draft posts for the connected channels.",
      // The model acknowledges on its own here; by default a person is asked (test/approval).
      tools: openAIAgentsTools(session.client, { acknowledgment: "model" }),
    });
    const result = await fakedAgentsRunner(openai).run(
      agent,
      "Draft a LinkedIn post and approve it.",
    );

    expect(result.finalOutput).toMatch(/^Approved cnt_/);
    const [missingChannel, , acknowledgment] = script.results;
    expect(missingChannel).toMatchObject({
      error: {
        code: "validation_error",
        param: "channelId",
        channels: expect.arrayContaining([expect.objectContaining({ platform: "linkedin" })]),
      },
    });
    expect(acknowledgment).toMatchObject({
      error: { acknowledgmentRequired: true, aiIsmMatches: expect.any(Array) },
    });
    const after = await session.client.content.list({ status: "all" }).toArray();
    expect(after).toHaveLength(before + 1);
  });

  it("sends each tool to the Responses API with strict: true and the strict schema", async () => {
    const responses = fakeResponsesAPI(() => ({ kind: "finish", text: "nothing to do" }));
    session = openFakeSession(responses.handler);
    const openai = fakedOpenAI();
    const agent = new Agent({ name: "Drafts", tools: openAIAgentsTools(session.client) });
    await fakedAgentsRunner(openai).run(agent, "Hello");

    const sent = responses.log.bodies[0]?.tools as Record<string, unknown>[];
    const expected = toOpenAIResponsesTools(undefined, { strict: true });
    expect(sent.map((t) => t.name)).toEqual(tools.map((t) => t.name));
    for (const shown of sent) {
      const ours = expected.find((t) => t.name === shown.name)!;
      expect(shown).toMatchObject({ type: "function", strict: true });
      expect(shown.parameters).toEqual(ours.parameters);
    }
  });

  it("the Agents SDK's own strict-schema check accepts every tool's schema", () => {
    for (const strict of toOpenAIResponsesTools(undefined, { strict: true })) {
      expect(() =>
        tool({
          name: strict.name,
          description: strict.description,
          parameters: strict.parameters as never,
          strict: true,
          execute: () => "",
        }),
      ).not.toThrow();
    }
  });

  it("readOnly gives only the reading tools; an unknown tool name is refused, naming options.tools", () => {
    session = openFakeSession();
    const readers = openAIAgentsTools(session.client, { readOnly: true }).map((t) => t.name);
    expect(readers).toEqual(tools.filter((t) => t.annotations.readOnlyHint).map((t) => t.name));
    expect(() => openAIAgentsTools(session!.client, { tools: ["publish_now" as never] })).toThrow(
      /options\.tools.*"publish_now"/,
    );
  });
});
