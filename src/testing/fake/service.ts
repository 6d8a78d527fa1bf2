/**
 * `createFakeService`: a stateful in-memory model of the whole Postline Agent API (api-v1.md),
 * served by `handlers()` (msw) and `startFakeServer()` (node:http) through one transport-neutral
 * `service.handle()`.
 */

import { APPROVAL_SOURCE_HEADER, approvalSourceOf } from "../../contract/approval-source.js";
import { jsonOrText } from "../../core/json-or-text.js";
import { MCP_PATH, serveMcp } from "../hosted-mcp/endpoint.js";
import { assertNodeNewEnough } from "../tooling/serve/required-node.js";
import { buildOverview, type FakeOverview } from "../tooling/watch/overview.js";
import { faultAfter, faultBefore } from "./faults/behaviours.js";
import { type FakeFaults, FaultRegistry } from "./faults/registry.js";
import { createClock, type FakeClock } from "./handles/clock.js";
import { FakeProvider, type FakeProviderControls } from "./handles/provider.js";
import { type RecordedRequest, type RequestListener, RequestLog } from "./handles/request-log.js";
import { WorkspaceHandle } from "./handles/workspace-handle.js";
import { apiPathOf, holdsApiPrefix, pathUnder } from "./http/api-path.js";
import { oversizeBytes, oversizeResponse } from "./http/body-limit.js";
import type { FakeRequest } from "./http/fake-request.js";
import { ApiFailure, type FakeOutcome, type FakeResponse } from "./http/fake-response.js";
import { answerOpenApi, isOpenApiPath } from "./http/openapi-route.js";
import { runPipeline } from "./http/request-pipeline.js";
import {
  type FakeSession,
  isSignInPath,
  SessionRegistry,
  type SignInOptions,
} from "./http/sessions.js";
import { addSeededWorkspace } from "./model/build-workspace.js";
import type { FakeServiceSeed, WorkspaceSeed } from "./model/seed.js";
import type { FakeDefaults, OtherWorkspaceDefaults, SeededModel } from "./model/seeded-model.js";
import { buildSeededModel } from "./model/seeded-model.js";
import { RateLimiter } from "./rules/limits.js";

/** The fake service, as {@link createFakeService} returns it. */
export class FakeService {
  /** The model's clock; tests move it with `advance` instead of sleeping. */
  readonly clock: FakeClock;

  #seed: FakeServiceSeed;
  #model!: SeededModel;
  readonly #limiter = new RateLimiter();
  readonly #faults = new FaultRegistry();
  #provider!: FakeProvider;
  readonly #log = new RequestLog();
  #sessions!: SessionRegistry;

  /** @internal Use {@link createFakeService}. */
  constructor(seed: FakeServiceSeed = {}) {
    this.clock = createClock(seed.now);
    this.#seed = seed;
    this.#build(seed, new Map());
  }

  /** The main workspace's key, base URL and connected channels. */
  get defaults(): FakeDefaults {
    return this.#model.defaults;
  }

  /** The second workspace of the seed, or `undefined` when the seed left it out. */
  get otherWorkspace(): OtherWorkspaceDefaults | undefined {
    return this.#model.otherWorkspace;
  }

  /**
   * Starts over from a seed: the one the service was created with, or `seed` (which then
   * becomes the one a later reset returns to). The model, the publishing provider, the faults,
   * the rate windows, the sessions and the request log start afresh; a key seeded again under
   * the same id keeps its token, so clients holding it keep working. The clock is set to the
   * seed's `now` and frozen there, or follows real time when the seed has none.
   */
  reset(seed: FakeServiceSeed = this.#seed): void {
    const tokens = new Map([...this.#model.store.keys.values()].map((key) => [key.id, key.token]));
    const before = { at: this.clock.now(), frozen: this.clock.frozen };
    setClock(this.clock, { at: seed.now ?? Date.now(), frozen: seed.now !== undefined });
    try {
      this.#build(seed, tokens);
    } catch (error) {
      // A seed the model refuses changes nothing, the clock included.
      setClock(this.clock, before);
      throw error;
    }
    this.#faults.clear();
    this.#limiter.reset();
    this.#log.clear();
    this.#seed = seed;
  }

  /** Builds the model of a seed, and only then replaces the current one. */
  #build(seed: FakeServiceSeed, keptTokens: ReadonlyMap<string, string>): void {
    const model = buildSeededModel(seed, this.clock, keptTokens);
    this.#model = model;
    this.#provider = new FakeProvider(model.store);
    this.#sessions = new SessionRegistry(model.store, model.mainWorkspaceId);
  }

  /** The publishing provider: `tick()`, rejections, publications. */
  get provider(): FakeProviderControls {
    return this.#provider;
  }

  /** Fault injection on matching routes. */
  get faults(): FakeFaults {
    return this.#faults;
  }

  /**
   * A workspace's test controls: keys, members, channels, items, quota, state and settings.
   * @param id the workspace id; the main workspace when omitted.
   */
  workspace(id: string = this.#model.mainWorkspaceId): WorkspaceHandle {
    return new WorkspaceHandle(this.#model.store, this.#model.store.workspace(id));
  }

  /** Adds a workspace from a seed and returns its controls. */
  addWorkspace(seed: WorkspaceSeed): WorkspaceHandle {
    const { store } = this.#model;
    return new WorkspaceHandle(store, addSeededWorkspace(store, seed));
  }

  /** Shortcut for `service.workspace().addKey(...)`. */
  addKey(...args: Parameters<WorkspaceHandle["addKey"]>): ReturnType<WorkspaceHandle["addKey"]> {
    return this.workspace().addKey(...args);
  }

  /** Shortcut for `service.workspace().setQuota(...)`. */
  setQuota(...args: Parameters<WorkspaceHandle["setQuota"]>): void {
    this.workspace().setQuota(...args);
  }

  /** Shortcut for `service.workspace().item(id)`: any workspace's item, as an admin key sees it. */
  item(id: string): Record<string, unknown> | undefined {
    const record = this.#model.store.content.get(id);
    return record ? this.workspace(record.workspaceId).item(id) : undefined;
  }

  /**
   * Signs a member in (by `email` or `userId`; the main workspace's owner when omitted) and
   * returns the session; send `session.cookie` as the `Cookie` header (docs/testing.md).
   */
  signIn(options?: SignInOptions): FakeSession {
    return this.#sessions.signIn(options);
  }

  /**
   * The requests received, oldest first (never the token): the newest 10 000, with at most 16 Mi
   * characters of bodies in all; `droppedRequests` counts the older ones dropped.
   */
  get requests(): readonly RecordedRequest[] {
    return this.#log.entries;
  }

  /** How many of the oldest requests the log dropped to stay bounded (docs/testing.md). */
  get droppedRequests(): number {
    return this.#log.dropped;
  }

  /** Forgets the recorded requests. */
  clearRequests(): void {
    this.#log.clear();
  }

  /** Empties every rate-limit window. */
  resetRateLimits(): void {
    this.#limiter.reset();
  }

  /**
   * The transport-neutral core: answers one request against the model, applying any fault that
   * matches. Both `handlers()` and `startFakeServer()` call it.
   */
  async handle(request: FakeRequest): Promise<FakeOutcome> {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const headers =
      request.headers instanceof Headers ? request.headers : new Headers(request.headers);
    // A request belongs to the model it arrived in: one held (a `delay` fault) across a reset
    // answers from that model, and its write never lands in the fresh one.
    const { store, defaults } = this.#model;
    const provider = this.#provider;
    const sessions = this.#sessions;
    const basePath = request.basePath ?? new URL(defaults.baseURL).pathname;
    const local = pathUnder(url.pathname, basePath);
    // The fake's own sign-in is not a v1 route: it is neither logged, limited nor faulted.
    if (local !== null && isSignInPath(local)) {
      const response = sessions.answer(method, request.body ?? "", headers.get("cookie"));
      return { kind: "response", response };
    }
    if (local !== null && isOpenApiPath(local)) {
      return { kind: "response", response: answerOpenApi(method, url) };
    }
    const apiPath = local === null ? null : apiPathOf(local);
    const arrival = (body: unknown): RecordedRequest => ({
      at: this.clock.now(),
      method,
      path: apiPath ?? url.pathname,
      query: url.search.replace(/^\?/, ""),
      body,
      status: null,
      outcome: "response",
      applied: false,
    });
    if (apiPath === null && holdsApiPrefix(url.pathname)) {
      // Logged, so the watch page shows the wrong base too; never faulted or limited.
      const misplaced = arrival(undefined);
      this.#log.add(misplaced, { mcp: false, bodyChars: 0 });
      const response = wrongBaseResponse(url, basePath);
      return this.#log.settle(misplaced, { kind: "response", response });
    }
    const bodyText = request.body ?? "";
    const oversize = oversizeBytes(bodyText);
    const entry = arrival(
      oversize === undefined ? jsonOrText(bodyText).value : `(${oversize} bytes, not read)`,
    );
    const approvalSource = approvalSourceOf(headers.get(APPROVAL_SOURCE_HEADER));
    if (approvalSource !== undefined) entry.approvalSource = approvalSource;
    const mcp = apiPath === MCP_PATH;
    this.#log.add(entry, { mcp, bodyChars: oversize === undefined ? bodyText.length : 0 });
    const fault = this.#faults.take(method, apiPath ?? url.pathname);
    if (fault) entry.fault = fault.kind;
    const instead = await faultBefore(fault, { now: this.clock.now(), signal: request.signal });
    if (instead) return this.#log.settle(entry, instead);

    const writesBefore = store.writes;
    const deps = { store, provider, limiter: this.#limiter };
    const clientAddress = request.clientAddress ?? "127.0.0.1";
    const { response, caller } =
      oversize !== undefined
        ? { response: oversizeResponse(oversize, { mcp }), caller: undefined }
        : apiPath === MCP_PATH
          ? serveMcp(deps, { method, headers, bodyText, clientAddress })
          : runPipeline(deps, {
              method,
              apiPath,
              query: url.searchParams,
              authorization: headers.get("authorization"),
              session: sessions.resolve(headers.get("cookie")),
              bodyText,
              clientAddress,
              approvalSource,
            });
    entry.applied = store.writes > writesBefore;
    if (caller?.key) Object.assign(entry, { keyId: caller.key.id, keyName: caller.key.name });
    if (caller) entry.credential = caller.key ? "key" : "session";
    return this.#log.settle(entry, faultAfter(fault, response));
  }

  /**
   * Calls `listener` with each request once it is answered (or its connection failed), as
   * `postline fake --log` prints them. Returns the function that stops it.
   */
  onRequest(listener: RequestListener): () => void {
    return this.#log.listen(listener);
  }

  /** What the watch page shows: items by status, each key's rate windows, request counts. */
  overview(): FakeOverview {
    return buildOverview(this.#model.store, this.#limiter, this.#log.entries);
  }

  /**
   * A `fetch` served by the model directly (no msw, no sockets): pass it as the client's
   * `fetch` option. A dropped or refused connection rejects with a `TypeError`, as fetch does.
   */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const outcome = await this.handle({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: request.body ? await request.text() : "",
      signal: request.signal,
    });
    if (outcome.kind === "network-error") {
      throw new TypeError(
        outcome.reason === "refused"
          ? "fetch failed: connection refused"
          : "fetch failed: socket hang up",
      );
    }
    const { status, headers, body } = outcome.response;
    return new Response(status === 204 ? null : body, { status, headers });
  };
}

/** Sets the clock to `at`, frozen there or following real time from it. */
function setClock(
  clock: FakeClock,
  { at, frozen }: { at: Date | string | number; frozen: boolean },
): void {
  if (frozen) clock.freeze();
  else clock.follow();
  clock.set(at);
}

/** 404 for a path that holds `/api/v1` under another base than the one served. */
function wrongBaseResponse(url: URL, basePath: string): FakeResponse {
  const served = `${url.origin}${basePath.replace(/\/+$/, "")}`;
  return new ApiFailure(
    "not_found",
    `No route ${url.pathname}: this fake serves the API at ${served}/api/v1, so its base URL is ${served} (POSTLINE_BASE_URL, the client's baseURL).`,
  ).toResponse();
}

/**
 * Creates a fake Postline service. With no argument it seeds one ready workspace
 * (`service.defaults`) and a second workspace (`service.otherWorkspace`). On a Node.js older than
 * 22 it throws at once, saying so.
 *
 * @example
 * ```ts
 * import { setupServer } from "msw/node";
 * import { Postline } from "@postline/sdk";
 * import { createFakeService, handlers } from "@postline/sdk/testing";
 *
 * const service = createFakeService();
 * const server = setupServer(...handlers(service));
 * server.listen();
 * const client = new Postline({ apiKey: service.defaults.apiKey, baseURL: service.defaults.baseURL });
 * ```
 */
export function createFakeService(seed?: FakeServiceSeed): FakeService {
  assertNodeNewEnough();
  return new FakeService(seed);
}
