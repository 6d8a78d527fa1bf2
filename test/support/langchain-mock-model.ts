/**
 * A LangChain agent on LangChain's own fake chat model, paused for a person by
 * `humanInTheLoopMiddleware`: what the approval tests of `@postline/sdk/langchain` run.
 */
import type { DynamicStructuredTool } from "@langchain/core/tools";
import { type BaseCheckpointSaver, MemorySaver } from "@langchain/langgraph";
import {
  type AnyAgentMiddleware,
  createAgent,
  FakeToolCallingModel,
  type HITLRequest,
  humanInTheLoopMiddleware,
  type Interrupt,
} from "langchain";

/** One tool call a scripted turn makes. */
export interface ScriptedToolCall {
  readonly id: string;
  readonly name: string;
  readonly args: unknown;
}

/** LangChain's fake chat model: each turn makes the tool calls listed, then an empty turn ends. */
export function modelCalling(...turns: ScriptedToolCall[][]): FakeToolCallingModel {
  return new FakeToolCallingModel({
    toolCalls: [...turns.map((calls) => calls.map((call) => ({ ...call }) as never)), []],
  });
}

/**
 * An agent that pauses on `interruptOn`, with a checkpointer so an interrupted run resumes on
 * its `thread_id` (default: a fresh memory one).
 */
export function agentPausingOn(setup: {
  readonly model: FakeToolCallingModel;
  readonly tools: DynamicStructuredTool[];
  readonly interruptOn: object;
  readonly checkpointer?: BaseCheckpointSaver | undefined;
}) {
  return createAgent({
    model: setup.model,
    tools: setup.tools,
    // langchain's middleware types resolve to never under exactOptionalPropertyTypes (zod v3).
    middleware: [
      humanInTheLoopMiddleware({
        interruptOn: setup.interruptOn,
      } as never) as unknown as AnyAgentMiddleware,
    ],
    checkpointer: setup.checkpointer ?? new MemorySaver(),
  });
}

/** What an invoke that may pause answers: the interruption, if any, and the messages. */
export type PausedResult = {
  __interrupt__?: Interrupt<HITLRequest>[];
  messages: { content: unknown }[];
};
