import { Postline, type PostlineOptions } from "../../src/index.js";
import {
  createFakeService,
  type FakeService,
  type FakeServiceSeed,
} from "../../src/testing/index.js";

/**
 * `service.fetch` made to behave like a real fetch at its edges, so each test can own a service
 * and a client (and run concurrently) without msw's global interception:
 * - the caller's signal rejects the fetch at once, as undici does on a timeout or abort;
 * - a refused connection carries `ECONNREFUSED`, as undici reports one, so the SDK knows that
 *   nothing was sent.
 */
export function fetchOf(service: FakeService): typeof globalThis.fetch {
  return (input, init) => {
    const request = new Request(input, init);
    const { signal } = request;
    return new Promise<Response>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      service.fetch(request).then(resolve, (error: unknown) => {
        const refused = error instanceof Error && /refused/.test(error.message);
        reject(
          refused ? new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } }) : error,
        );
      });
    });
  };
}

/**
 * 07:00 UTC on the Monday after today: every slot of the week is still ahead, so approvals are
 * queued, and the fake's clock is not behind the client's (reconciliation compares the two).
 */
export function comingMonday(): Date {
  const day = new Date();
  day.setUTCHours(7, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + ((8 - day.getUTCDay()) % 7 || 7));
  return day;
}

let fakes = 0;

/** A fresh fake service (frozen on the coming Monday unless seeded otherwise) and an unpaced client on it. */
export function fakeClient(
  options: PostlineOptions = {},
  seed: FakeServiceSeed = { now: comingMonday() },
): {
  service: FakeService;
  client: Postline;
} {
  // Each fake answers on its own host: the SDK keeps its record of creates in flight per service
  // URL, and concurrent tests on one URL would wait for each other's creates.
  const service = createFakeService({ baseURL: `https://fake-${++fakes}.postline.test`, ...seed });
  const client = new Postline({
    apiKey: service.defaults.apiKey,
    baseURL: service.defaults.baseURL,
    fetch: fetchOf(service),
    rateLimit: false,
    ...options,
  });
  return { service, client };
}
