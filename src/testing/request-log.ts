/** What the fake remembers of each request, for tests that count attempts and duplicates. */

/** One request the fake received. The Authorization header and cookies are never recorded. */
export interface RecordedRequest {
  /** The model's clock when it arrived. */
  at: Date;
  /** The HTTP method. */
  method: string;
  /** The path under `/api/v1`, e.g. `/content/cnt_000001`. */
  path: string;
  /** The query string without `?` (empty when none). */
  query: string;
  /** The parsed JSON body, or the raw text if it was not JSON; `undefined` without a body. */
  body: unknown;
  /** The status answered; `null` when the connection was dropped or refused. */
  status: number | null;
  /** `response`, or `dropped` / `refused` when the connection failed. */
  outcome: "response" | "dropped" | "refused";
  /** Whether the request changed the model (a write that was applied). */
  applied: boolean;
  /** The id of the key that made it, when the bearer resolved. */
  keyId?: string;
  /** What authenticated it, when something did: a bearer `key` or a browser `session`. */
  credential?: "key" | "session";
  /** The injected fault that applied, if any. */
  fault?: string;
}
