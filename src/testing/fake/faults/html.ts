import { type FaultBehaviour, respond } from "./fault-behaviour.js";
import type { FaultKind } from "./fault-kind.js";

/** `html`: a proxy's HTML error page (default 502); nothing is applied. */
export const htmlFault: FaultBehaviour<Extract<FaultKind, { kind: "html" }>> = {
  before: (spec) => {
    const status = spec.status ?? 502;
    return respond({
      status,
      headers: { "content-type": "text/html" },
      body: htmlErrorPage(status),
    });
  },
};

/** The HTML page a misbehaving proxy serves. */
function htmlErrorPage(status: number): string {
  return `<!DOCTYPE html>\n<html><head><title>${status} Error</title></head><body><h1>${status}</h1><p>The upstream service did not answer.</p></body></html>\n`;
}
