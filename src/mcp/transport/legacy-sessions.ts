/**
 * The 2025-era sessions of the Streamable HTTP endpoint. A session is *active* while a request of
 * its own is in flight or one of its SSE streams is open; it is *idle* otherwise. An idle session
 * expires after `idleMs`; when the table is full, a new session takes the place of the least
 * recently used idle one. An active session is never closed to make room: with every session
 * active, a new one is refused (the endpoint answers 503).
 */
import type { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";

const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
const DEFAULT_MAX_SESSIONS = 64;

/** How 2025-era sessions are kept (the options of `createMcpHttpEndpoint`). */
export interface LegacySessionOptions {
  /** How long a session may stay idle before it expires, in milliseconds (default 30 minutes). */
  readonly sessionIdleMs?: number;
  /** How many sessions are kept at once (default 64). */
  readonly maxSessions?: number;
  /** The clock idle time is read on (default `Date.now`). */
  readonly now?: () => number;
}

interface Session {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  lastUsedMs: number;
  /** Requests in flight and response streams open. */
  active: number;
}

/** The table of sessions, by id. */
export class LegacySessions {
  readonly #sessions = new Map<string, Session>();
  readonly #idleMs: number;
  readonly #max: number;
  readonly #now: () => number;

  constructor(options: LegacySessionOptions) {
    this.#idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
    this.#max = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Closes the sessions idle for longer than the idle time; then, when the table is full, the
   * least recently used idle one. Answers whether a new session has room.
   */
  makeRoom(): boolean {
    const now = this.#now();
    for (const [id, session] of this.#sessions) {
      if (this.#expired(session, now)) this.#close(id);
    }
    if (this.#sessions.size < this.#max) return true;
    const idle = [...this.#sessions].filter(([, session]) => session.active === 0);
    const [oldest] = idle.sort(([, a], [, b]) => a.lastUsedMs - b.lastUsedMs);
    if (!oldest) return false;
    this.#close(oldest[0]);
    return true;
  }

  add(id: string, transport: WebStandardStreamableHTTPServerTransport): void {
    this.#sessions.set(id, { transport, lastUsedMs: this.#now(), active: 0 });
  }

  delete(id: string): void {
    this.#sessions.delete(id);
  }

  /**
   * Answers in session `id` with `answer`, or `undefined` when the session is unknown or has
   * expired (then it is closed). The session stays active until the response is sent: to the end
   * of its body when it has one (an SSE stream stays open as long as the host reads it).
   */
  async serve(
    id: string,
    answer: (transport: WebStandardStreamableHTTPServerTransport) => Promise<Response>,
  ): Promise<Response | undefined> {
    const session = this.#sessions.get(id);
    if (!session) return undefined;
    if (this.#expired(session, this.#now())) {
      this.#close(id);
      return undefined;
    }
    const done = this.#activity(session);
    const response = await answer(session.transport).catch((error: unknown) => {
      done();
      throw error;
    });
    if (!response.body) {
      done();
      return response;
    }
    // Ended once the body is read to its end (`flush`), fails or is cancelled by the reader
    // (`cancel`, a WHATWG transformer hook that Node 22 calls and TypeScript's types lack).
    const ending = { flush: done, cancel: done };
    return new Response(response.body.pipeThrough(new TransformStream(ending)), response);
  }

  async closeAll(): Promise<void> {
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.all(sessions.map(({ transport }) => transport.close()));
  }

  /** Idle for the idle time or longer. */
  #expired(session: Session, now: number): boolean {
    return session.active === 0 && now - session.lastUsedMs >= this.#idleMs;
  }

  /** Marks `session` active; the function returned ends that activity (once). */
  #activity(session: Session): () => void {
    session.active++;
    session.lastUsedMs = this.#now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      session.active--;
      session.lastUsedMs = this.#now();
    };
  }

  #close(id: string): void {
    const session = this.#sessions.get(id);
    this.#sessions.delete(id);
    void session?.transport.close();
  }
}
