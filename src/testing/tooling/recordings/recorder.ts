/**
 * The recorder both faces share (`postline record`'s proxy and `recordingFetch`): it turns each
 * exchange seen into a recorded one, scrubs it, checks that nothing secret is left, and only then
 * appends it to the file.
 */
import type { FakeSeedJson } from "../control/connect-fake.js";
import { recordedBody } from "./exchange-body.js";
import { RECORDING_SCHEMA_REF, writeRecordingFile } from "./recording-file.js";
import type { RecordedExchange, RecordingJson } from "./recording-schema.js";
import { Scrubber, SecretLeftError } from "./scrubber.js";

/** One request and its answer as they passed, before anything is scrubbed. */
export interface ExchangeSeen {
  readonly method: string;
  /** The full request URL. */
  readonly url: string;
  /** Read for the key only (to scrub it everywhere); never written. */
  readonly requestHeaders: Headers;
  readonly requestBody: string;
  readonly status: number;
  readonly responseHeaders: Headers;
  readonly responseBody: string;
  /** When the request was sent (epoch milliseconds). */
  readonly sentAt: number;
  readonly ms: number;
}

/** What became of one exchange: written as number `exchange`, or withheld and why. */
export type RecordOutcome =
  | { readonly written: true; readonly exchange: number }
  | { readonly written: false; readonly exchange: number; readonly reason: string };

const KEPT_RESPONSE_HEADER = /^(content-type|retry-after|x-ratelimit-.+)$/;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Options of {@link Recorder}. */
export interface RecorderOptions {
  /** The file to write. */
  readonly out: string;
  /** The base URL of the service recorded. */
  readonly target: string;
  /** The workspace's seed, stored first (scrubbed as the exchanges are). */
  readonly seed?: FakeSeedJson;
  /** A key known before any request (e.g. the one a snapshot read with), scrubbed everywhere. */
  readonly key?: string;
}

/** Writes one recording file, exchange by exchange. */
export class Recorder {
  readonly out: string;
  readonly #scrubber = new Scrubber();
  readonly #recording: RecordingJson;
  #seen = 0;
  #withheld = 0;

  /** Writes the file at once (with the seed), so it exists before the first exchange. */
  constructor({ out, target, seed, key }: RecorderOptions) {
    this.out = out;
    if (key) this.#scrubber.noteToken(key);
    const recording: RecordingJson = {
      $schema: RECORDING_SCHEMA_REF,
      postlineRecording: 1,
      target,
      startedAt: new Date().toISOString(),
      exchanges: [],
    };
    if (seed !== undefined) {
      const { $schema: _schema, ...rest } = seed;
      const scrubbed = this.#scrubber.scrub(rest);
      this.#scrubber.assertClean(scrubbed, ["seed"]);
      recording.seed = scrubbed as RecordingJson["seed"];
    }
    this.#recording = recording;
    writeRecordingFile(out, recording);
  }

  /** How many exchanges were written. */
  get written(): number {
    return this.#recording.exchanges.length;
  }

  /** How many exchanges were seen but not written. */
  get withheld(): number {
    return this.#withheld;
  }

  /** Scrubs and appends one exchange; an exchange with a secret left is not written. */
  record(seen: ExchangeSeen): RecordOutcome {
    const exchange = ++this.#seen;
    const key = BEARER.exec(seen.requestHeaders.get("authorization") ?? "")?.[1];
    if (key) this.#scrubber.noteToken(key);
    const scrubbed = this.#scrubber.scrub(recordedExchange(seen));
    try {
      this.#scrubber.assertClean(scrubbed);
    } catch (error) {
      if (!(error instanceof SecretLeftError)) throw error;
      this.#withheld++;
      const { method, path } = scrubbed.request;
      return {
        written: false,
        exchange,
        reason: `#${exchange} ${method} ${path}: ${error.message}`,
      };
    }
    this.#recording.exchanges.push(scrubbed);
    writeRecordingFile(this.out, this.#recording);
    return { written: true, exchange };
  }
}

/** The exchange as the file keeps it: no request header, the response's few kept headers. */
function recordedExchange(seen: ExchangeSeen): RecordedExchange {
  const url = new URL(seen.url);
  const requestBody = recordedBody(seen.requestBody);
  const headers: Record<string, string> = {};
  seen.responseHeaders.forEach((value, name) => {
    if (KEPT_RESPONSE_HEADER.test(name)) headers[name] = value;
  });
  return {
    request: {
      method: seen.method.toUpperCase(),
      path: url.pathname,
      query: url.search.replace(/^\?/, ""),
      ...(requestBody === undefined ? {} : { body: requestBody }),
    },
    response: { status: seen.status, headers, body: recordedBody(seen.responseBody) ?? null },
    at: new Date(seen.sentAt).toISOString(),
    ms: Math.max(0, Math.round(seen.ms)),
  };
}
