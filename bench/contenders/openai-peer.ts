import OpenAI from "openai";
import { BENCH_API_KEY } from "./bench-credentials.js";

/** The peer SDK against the stub, on the same get-one / list-a-page pattern. */
export function openAiPeer(origin: string) {
  const client = new OpenAI({ apiKey: BENCH_API_KEY, baseURL: `${origin}/v1` });
  return {
    retrieveModel: () => client.models.retrieve("model-0"),
    // `.list()` returns the first page; awaiting it fetches and parses exactly one page.
    listModels: () => client.models.list(),
  };
}
