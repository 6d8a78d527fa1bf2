import { BENCH_API_KEY } from "../contenders/bench-credentials.js";
import { median } from "../measure/median.js";
import type { SuiteResult } from "../report/suite-result.js";
import type { BuiltSdk } from "../sdk/load-built-sdk.js";
import { TOTAL_CONTENT_ITEMS } from "../stub/canned-bodies.mjs";
import type { StubServer } from "../stub/start-stub-server.js";

const ROUNDS = 3;
const MAX_MILLIS = 90_000;
/** Heap growth over a full walk above this means something is kept per item or per page. */
const MAX_HEAP_GROWTH_BYTES = 20 * 1024 * 1024;
const ITEMS_PER_REQUEST_TARGET = 100;

interface Walk {
  readonly items: number;
  readonly millis: number;
  readonly heapGrowthBytes: number;
  readonly heapPeakAboveStartBytes: number;
}

const forceGc = (): void => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run the bench with --expose-gc (npm run bench does)");
  gc();
  gc();
};

/** Walks `iterate` to the end, timing it and sampling the heap every 1,000 items. */
async function measureWalk(iterate: () => AsyncIterable<unknown>): Promise<Walk> {
  forceGc();
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = heapBefore;
  let items = 0;
  const startedAt = performance.now();
  for await (const _item of iterate()) {
    items++;
    if (items % 1_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    if (items > TOTAL_CONTENT_ITEMS) throw new Error("walk went past the end of the data");
  }
  const millis = performance.now() - startedAt;
  forceGc();
  return {
    items,
    millis,
    heapGrowthBytes: process.memoryUsage().heapUsed - heapBefore,
    heapPeakAboveStartBytes: peak - heapBefore,
  };
}

/** The floor: follow `nextCursor` with fetch + JSON.parse, yielding items one by one. */
async function* rawFetchWalk(origin: string): AsyncGenerator<unknown> {
  const headers = { authorization: `Bearer ${BENCH_API_KEY}`, accept: "application/json" };
  let cursor: string | null = null;
  for (let pages = 0; pages <= TOTAL_CONTENT_ITEMS; pages++) {
    const query = cursor === null ? "limit=100" : `limit=100&cursor=${encodeURIComponent(cursor)}`;
    const response = await fetch(`${origin}/api/v1/content?${query}`, { headers });
    const page = JSON.parse(await response.text()) as {
      items: unknown[];
      nextCursor: string | null;
    };
    yield* page.items;
    cursor = page.nextCursor;
    if (cursor === null) return;
  }
}

const megabytes = (bytes: number) => bytes / (1024 * 1024);

function rowOf(name: string, walks: readonly Walk[], requests: number | null) {
  const last = walks[walks.length - 1]!;
  return {
    walker: name,
    items: last.items,
    "median s": median(walks.map((walk) => walk.millis)) / 1000,
    "items/s": median(walks.map((walk) => walk.items / (walk.millis / 1000))),
    "heap growth MB": median(walks.map((walk) => megabytes(walk.heapGrowthBytes))),
    "heap peak MB": median(walks.map((walk) => megabytes(walk.heapPeakAboveStartBytes))),
    requests,
  };
}

/**
 * `for await` over all 100,000 items with no `limit` (the SDK should ask for pages of 100), next
 * to a raw-fetch cursor loop; walks alternate, and the stub counts the SDK's requests.
 */
export async function runPaginationSuite(
  stub: StubServer,
  sdk: BuiltSdk | null,
): Promise<SuiteResult> {
  const client = sdk
    ? new sdk.Postline({ apiKey: BENCH_API_KEY, baseURL: stub.origin, rateLimit: false })
    : null;
  const rawWalks: Walk[] = [];
  const sdkWalks: Walk[] = [];
  const sdkRequests: number[] = [];
  const startedAt = performance.now();
  for (
    let round = 0;
    round < ROUNDS && (round === 0 || performance.now() - startedAt < MAX_MILLIS);
    round++
  ) {
    rawWalks.push(await measureWalk(() => rawFetchWalk(stub.origin)));
    if (client) {
      await stub.resetCounts();
      sdkWalks.push(await measureWalk(() => client.content.list()));
      sdkRequests.push((await stub.counts())["GET /api/v1/content"] ?? 0);
    }
  }
  const rows = [rowOf("raw fetch cursor loop (limit=100)", rawWalks, 1_000)];
  if (client) rows.push(rowOf("sdk: for await content.list()", sdkWalks, Math.max(...sdkRequests)));

  const targets = [];
  if (client) {
    const items = sdkWalks[0]!.items;
    const requests = Math.max(...sdkRequests);
    const growth = Math.max(...sdkWalks.map((walk) => walk.heapGrowthBytes));
    const rawRate = median(rawWalks.map((walk) => walk.items / (walk.millis / 1000)));
    const sdkRate = median(sdkWalks.map((walk) => walk.items / (walk.millis / 1000)));
    targets.push(
      {
        name: "iteration without limit: items per request",
        measured: `${(items / requests).toFixed(1)} (${requests} requests for ${items} items)`,
        target: `${ITEMS_PER_REQUEST_TARGET}, and all ${TOTAL_CONTENT_ITEMS} items seen`,
        met: items === TOTAL_CONTENT_ITEMS && items / requests >= ITEMS_PER_REQUEST_TARGET,
      },
      {
        name: "heap growth over the walk (after forced GC, worst round)",
        measured: `${megabytes(growth).toFixed(2)} MB`,
        target: `< ${megabytes(MAX_HEAP_GROWTH_BYTES)} MB`,
        met: growth < MAX_HEAP_GROWTH_BYTES,
      },
      {
        name: "pagination throughput ÷ raw fetch loop",
        measured: `${(sdkRate / rawRate).toFixed(3)}x`,
        target: "reported, no target",
        met: true,
      },
    );
  }
  return {
    id: "pagination",
    title: `Pagination: for await over ${TOTAL_CONTENT_ITEMS.toLocaleString("en-US")} items`,
    method:
      "Walks alternate raw/SDK, 3 rounds; heap measured with gc() twice before and after each walk, sampled every 1,000 items for the peak. SDK from dist/ with rateLimit: false.",
    rows,
    targets,
  };
}
