import type { CreateClaimStore } from "../core/pacing/pacing-store.js";
import type { Redactor } from "../core/redact.js";
import type { SdkCall } from "../core/transport/sdk-call.js";
import type { Transport } from "../core/transport/transport.js";

/** How a resource reads a 2xx body. */
export interface ResponseReader {
  /** Whether bodies are checked against their schemas (the client's `validateResponses`). */
  readonly validate: boolean;
  /** Scrubs the token from what a `ResponseValidationError` keeps of a body. */
  readonly redact: Redactor;
}

/** What every resource namespace is built with. */
export interface ResourceContext {
  readonly transport: Transport;
  readonly reader: ResponseReader;
  /** Where reconciliation records the created items it hands out (the pacing store's ledger). */
  readonly claims: CreateClaimStore;
  /**
   * Set while a call of several requests runs (a create with its reconciliation): its requests
   * share the call's id and span. Unset, each request is a call of its own.
   */
  readonly call?: SdkCall | undefined;
}
