import { OpenAIResponsesModel, Runner } from "@openai/agents";
import { HttpResponse, http } from "msw";
import OpenAI from "openai";
import type { ModelMove } from "../frameworks/support/recovery-script.js";

export const OPENAI_BASE_URL = "https://api.openai.test/v1";

/** An OpenAI client for the faked Responses API: no retries, a made-up key. */
export function fakedOpenAI(): OpenAI {
  return new OpenAI({ apiKey: "sk-test", baseURL: OPENAI_BASE_URL, maxRetries: 0 });
}

/** An Agents SDK runner on the faked Responses API, tracing off. */
export function fakedAgentsRunner(openai: OpenAI = fakedOpenAI()): Runner {
  return new Runner({ tracingDisabled: true, model: new OpenAIResponsesModel(openai, "gpt-5") });
}

/** What the fake Responses API received: each request body, in order. */
export interface ResponsesLog {
  readonly bodies: Record<string, unknown>[];
}

/**
 * The OpenAI Responses API (`POST /v1/responses`), faked: each request's last
 * `function_call_output` is what the model read, and `decide` turns it into the next move, a
 * `function_call` or a final message.
 */
export function fakeResponsesAPI(decide: (lastOutput: unknown) => ModelMove) {
  const log: ResponsesLog = { bodies: [] };
  let turn = 0;
  const handler = http.post(`${OPENAI_BASE_URL}/responses`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    log.bodies.push(body);
    const input = Array.isArray(body.input) ? (body.input as Record<string, unknown>[]) : [];
    const last = input.at(-1);
    const lastOutput = last?.type === "function_call_output" ? parsed(last.output) : undefined;
    const move = decide(lastOutput);
    turn += 1;
    const output =
      move.kind === "call"
        ? [
            {
              type: "function_call",
              id: `fc_${turn}`,
              call_id: `call_${turn}`,
              name: move.tool,
              arguments: JSON.stringify(move.input),
              status: "completed",
            },
          ]
        : [
            {
              type: "message",
              id: `msg_${turn}`,
              role: "assistant",
              status: "completed",
              content: [{ type: "output_text", text: move.text, annotations: [] }],
            },
          ];
    return HttpResponse.json({
      id: `resp_${turn}`,
      object: "response",
      created_at: 1_790_000_000,
      status: "completed",
      model: String(body.model),
      output,
      usage: {
        input_tokens: 10,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 5,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 15,
      },
    });
  });
  return { handler, log };
}

/** A tool output as the model reads it: JSON, or a plain message (a declined approval's). */
function parsed(output: unknown): unknown {
  try {
    return JSON.parse(String(output));
  } catch {
    return String(output);
  }
}
