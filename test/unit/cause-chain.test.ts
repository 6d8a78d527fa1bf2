/** The one walk of a cause chain, and its two rules for an AggregateError's members. */
import { describe, expect, it } from "vitest";
import { codeOf, findInCauseChain, MAX_CAUSE_LINKS } from "../../src/core/cause-chain.js";
import { connectionFailureCode } from "../../src/core/transport/connection-failure.js";
import { failedBeforeSending } from "../../src/core/transport/retry-policy.js";

const withCode = (code: string) => Object.assign(new Error(code), { code });
const fetchFailed = (cause: unknown) => new TypeError("fetch failed", { cause });

describe("findInCauseChain", () => {
  it("reads each link down the chain, and stops at the first answer", () => {
    const error = fetchFailed(fetchFailed(withCode("ECONNRESET")));
    expect(findInCauseChain(error, codeOf, "any")).toBe("ECONNRESET");
  });

  it(`goes ${MAX_CAUSE_LINKS} links deep, no further`, () => {
    let deep: unknown = withCode("EDEEP");
    for (let i = 1; i < MAX_CAUSE_LINKS; i++) deep = fetchFailed(deep);
    expect(findInCauseChain(deep, codeOf, "any")).toBe("EDEEP");
    expect(findInCauseChain(fetchFailed(deep), codeOf, "any")).toBeUndefined();
  });

  it('"any": one member of an AggregateError answers for it; "every": all must', () => {
    const mixed = fetchFailed(new AggregateError([new Error("no code"), withCode("ECONNREFUSED")]));
    expect(findInCauseChain(mixed, codeOf, "any")).toBe("ECONNREFUSED");
    expect(findInCauseChain(mixed, codeOf, "every")).toBeUndefined();
    const all = fetchFailed(new AggregateError([withCode("ECONNREFUSED"), withCode("ENOTFOUND")]));
    expect(findInCauseChain(all, codeOf, "every")).toBe("ECONNREFUSED");
  });

  it("the connection's code takes any member; proof that nothing was sent needs every member", () => {
    // One address refused, the other reset after connecting: the request may have been sent.
    const partly = fetchFailed(
      new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNRESET")]),
    );
    expect(connectionFailureCode(partly)).toBe("ECONNREFUSED");
    expect(failedBeforeSending(partly)).toBe(false);
    const refused = fetchFailed(
      new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]),
    );
    expect(failedBeforeSending(refused)).toBe(true);
  });
});
