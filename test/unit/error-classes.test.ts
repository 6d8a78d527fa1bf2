/**
 * The error classes are written out in src/core/errors/; these tests hold them to the code table
 * (codes.ts), to the tree of docs/errors.md, and to the shape a user sees.
 */
import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, it } from "vitest";
import { APIError } from "../../src/core/errors/api-error.js";
import {
  ERROR_CODE_TABLE,
  errorClassFor,
  STATUS_CLASSES,
  statusClassOf,
} from "../../src/core/errors/codes.js";
import * as sdk from "../../src/index.js";
import {
  APIError as APIErrorClass,
  NotFoundError,
  PostlineError,
  RateLimitError,
  ScopeRequiredError,
} from "../../src/index.js";

/** What an `APIError`'s constructor takes, as a caller names it (no `*Init` type is exported). */
type APIErrorInit = ConstructorParameters<typeof APIErrorClass>[0];

type Row = {
  code: string;
  status: number | null;
  flag?: string;
  errorClass: new (init: APIErrorInit) => APIError;
};
const codeRows = Object.entries(ERROR_CODE_TABLE as Record<string, Row>);
const statusRows = Object.entries(STATUS_CLASSES);
const exported = sdk as unknown as Record<string, unknown>;

/** Every class the root exports that is an SDK error, by its export name. */
// Each class once, by its own name (PlannedTimePassed is a deprecated name of PlannedTimePassedError).
const exportedErrorClasses = Object.entries(exported).filter(
  (entry): entry is [string, typeof PostlineError] =>
    typeof entry[1] === "function" &&
    (entry[1] === PostlineError || entry[1].prototype instanceof PostlineError) &&
    !(
      entry[1].name !== entry[0] &&
      (exported as Record<string, unknown>)[entry[1].name] === entry[1]
    ),
);

const init: APIErrorInit = {
  status: 400,
  code: "x",
  message: "m",
  headers: new Headers(),
  body: undefined,
  method: "GET",
  url: "https://api.postline.test/api/v1/x",
  retryable: false,
  callId: "call_0_1",
};

describe("the code table and the classes agree", () => {
  it.each(codeRows)("%s: the row's class is the class of that name", (name, row) => {
    expect(typeof row.errorClass).toBe("function");
    expect(row.errorClass.name).toBe(name);
    expect(row.errorClass.prototype.name).toBe(name);
    expect(exported[name]).toBe(row.errorClass);
  });

  it.each(codeRows)("%s: its parent is the class of its status", (name, row) => {
    const parent = Object.getPrototypeOf(row.errorClass);
    if (name in STATUS_CLASSES || row.status === null) expect(parent).toBe(APIError);
    else {
      const statusClass = statusClassOf(row.status);
      expect(statusClass, `no status class for ${row.status}`).toBeDefined();
      expect(parent).toBe(STATUS_CLASSES[statusClass!].errorClass);
    }
  });

  it.each(codeRows)("%s: the lookup gives it for its code, status and flag", (name, row) => {
    const Class = errorClassFor(row.code, row.status ?? 599, {
      acknowledgmentRequired: row.flag === "acknowledgmentRequired",
    });
    expect(Class).toBe(row.errorClass);
    expect(Class.name).toBe(name);
  });

  it.each(statusRows)("%s extends APIError and is the class of status %s", (name, row) => {
    expect(Object.getPrototypeOf(row.errorClass)).toBe(APIError);
    expect(row.errorClass.name).toBe(name);
    expect(errorClassFor("some_new_code", row.status)).toBe(row.errorClass);
    expect(exported[name]).toBe(row.errorClass);
  });

  it("every APIError class the root exports has a row in the table", () => {
    const inTable = new Set([...codeRows, ...statusRows].map(([name]) => name));
    // RateLimitWaitError is the SDK's own refusal before sending, never built from a response.
    const apiErrorClasses = exportedErrorClasses
      .filter(
        ([name, Class]) => Class.prototype instanceof APIError && name !== "RateLimitWaitError",
      )
      .map(([name]) => name);
    expect(apiErrorClasses.length).toBe(inTable.size);
    for (const name of apiErrorClasses) expect(inTable, name).toContain(name);
  });

  it("the statuses and codes the classes declare are the table's, at the type level", () => {
    type Rows = typeof ERROR_CODE_TABLE;
    type StatusAgrees = {
      [N in keyof Rows]: Rows[N]["status"] extends null
        ? true
        : InstanceType<Rows[N]["errorClass"]>["status"] extends Rows[N]["status"]
          ? true
          : false;
    }[keyof Rows];
    type CodeAgrees = {
      [N in keyof Rows]: Rows[N]["code"] extends InstanceType<Rows[N]["errorClass"]>["code"]
        ? true
        : false;
    }[keyof Rows];
    expectTypeOf<StatusAgrees>().toEqualTypeOf<true>();
    expectTypeOf<CodeAgrees>().toEqualTypeOf<true>();
    expectTypeOf<sdk.InternalServerError["status"]>().toEqualTypeOf<500>();
    expectTypeOf<sdk.CapacityUnknownError["code"]>().toEqualTypeOf<"capacity_unknown">();
    expectTypeOf<sdk.ServerError["status"]>().toEqualTypeOf<number>();
    expectTypeOf<NotFoundError["code"]>().toEqualTypeOf<string>();
  });
});

describe("every error class is in the errors guide", () => {
  const guide = readFileSync(new URL("../../docs/errors.md", import.meta.url), "utf8");

  it.each(exportedErrorClasses.map(([name]) => name))("docs/errors.md names %s", (name) => {
    expect(guide).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it("the list covers every class of the table and the local errors", () => {
    expect(exportedErrorClasses.length).toBeGreaterThanOrEqual(codeRows.length + 8);
  });
});

describe("fields are set by the constructor, one by one", () => {
  it("an APIError has each field of its init as an own field", () => {
    const error = new APIErrorClass(init);
    expect(Object.keys(error).sort()).toEqual(
      ["body", "callId", "code", "headers", "method", "retryable", "status", "url"].sort(),
    );
    expect(error.message).toBe("m");
    expect(error.callId).toBe("call_0_1");
  });

  it("a class with extra fields reads them from the response", () => {
    const limited = new RateLimitError({
      ...init,
      status: 429,
      headers: new Headers({ "retry-after": "3", "x-ratelimit-limit": "10" }),
    });
    expect(limited.retryAfterSeconds).toBe(3);
    expect(limited.limit).toBe(10);
    expect(limited.remaining).toBeUndefined();
    const scoped = new ScopeRequiredError({ ...init, status: 403, message: "needs 'admin'" });
    expect(scoped.requiredScope).toBe("admin");
  });

  it("the name stays off JSON.stringify and is right on every instance", () => {
    const error = new NotFoundError({ ...init, status: 404 });
    expect(error.name).toBe("NotFoundError");
    expect(Object.keys(error)).not.toContain("name");
    expect(Object.hasOwn(NotFoundError.prototype, "name")).toBe(true);
  });
});
