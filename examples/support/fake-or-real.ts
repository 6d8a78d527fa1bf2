/**
 * Gives an example a ready `Postline` client: against the real service when `POSTLINE_BASE_URL`
 * is set (with `POSTLINE_API_KEY`), otherwise against the in-process contract fake.
 */
import { setupServer } from "msw/node";
import { Postline } from "../../src/index.js";
import { createFakeService, handlers } from "../../src/testing/index.js";

/** What an example works with. */
export interface ExampleSession {
  /** A client ready to call the service. */
  readonly client: Postline;
  /** `"fake"` for the in-process fake, `"real"` for the service named by `POSTLINE_BASE_URL`. */
  readonly mode: "fake" | "real";
  /** The fake's model, so an example can move its clock or inject faults; absent when real. */
  readonly service?: ReturnType<typeof createFakeService>;
  /** The service root the client talks to. */
  readonly baseURL: string;
  /** Ids of the workspace's connected channels. */
  readonly channelIds: readonly string[];
  /** Stops the fake (a no-op against the real service). */
  close(): Promise<void>;
}

/** Opens a session: the real service when `POSTLINE_BASE_URL` is set, the fake otherwise. */
export async function openSession(): Promise<ExampleSession> {
  return process.env.POSTLINE_BASE_URL ? openRealSession() : openFakeSession();
}

async function openFakeSession(): Promise<ExampleSession> {
  const service = createFakeService();
  const server = setupServer(...handlers(service));
  // A request the fake does not answer is a bug in the example: fail loudly.
  server.listen({ onUnhandledFrame: "error" });
  const { apiKey, baseURL, channelIds } = service.defaults;
  return {
    client: new Postline({ apiKey, baseURL }),
    mode: "fake",
    service,
    baseURL,
    channelIds,
    close: async () => server.close(),
  };
}

async function openRealSession(): Promise<ExampleSession> {
  const baseURL = process.env.POSTLINE_BASE_URL ?? "";
  const client = new Postline({ baseURL });
  // The examples create, approve and schedule posts: keep them away from a live workspace.
  if (client.environment === "live" && process.env.POSTLINE_EXAMPLES_ALLOW_LIVE !== "1") {
    throw new Error(
      "POSTLINE_API_KEY is a live key; the examples write content. Use a test key, or set POSTLINE_EXAMPLES_ALLOW_LIVE=1.",
    );
  }
  const channels = await client.channels.list();
  return {
    client,
    mode: "real",
    baseURL,
    channelIds: channels.filter((channel) => channel.isActive === true).map((c) => c.id),
    close: async () => {},
  };
}
