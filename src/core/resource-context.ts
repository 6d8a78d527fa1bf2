import type { CreateClaimStore } from "./pacing/pacing-store.js";
import type { ResponseReader } from "./parse-response.js";
import type { SdkCall } from "./sdk-call.js";
import type { Transport } from "./transport.js";

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
