import { describe, expect, expectTypeOf, it } from "vitest";
import { ERROR_CODE_TABLE, STATUS_CLASSES } from "../../src/core/errors/codes.js";
import * as sdk from "../../src/index.js";
import {
  AcknowledgmentRequiredError,
  APIError,
  BadRequestError,
  ConflictError,
  isRetryable,
  NotFoundError,
  PermissionDeniedError,
  PostlineError,
  RateLimitError,
  ScopeRequiredError,
  ServerError,
  ValidationError,
} from "../../src/index.js";
import { envelope } from "../support/fixtures.js";
import { API, HttpResponse, http, makeClient, useServer } from "../support/server.js";

const { server } = useServer();

async function errorFor(status: number, body: unknown, headers: Record<string, string> = {}) {
  server.use(
    http.get(`${API}/content/item_1`, () =>
      typeof body === "string"
        ? new HttpResponse(body, { status, headers: { "content-type": "text/html", ...headers } })
        : HttpResponse.json(body as Record<string, unknown>, { status, headers }),
    ),
  );
  return makeClient()
    .content.get("item_1")
    .catch((error: unknown) => error);
}

const classes = sdk as unknown as Record<string, new (...args: never[]) => Error>;
type Row = { code: string; status: number | null; flag?: string };
const rows = Object.entries(ERROR_CODE_TABLE as Record<string, Row>);

/** The class tree of docs/errors.md: each code class under the class of its status. */
const DOCUMENTED_PARENT: Record<string, string> = {
  MissingAuthorizationError: "AuthenticationError",
  InvalidApiKeyError: "AuthenticationError",
  SubscriptionInactiveError: "PaymentRequiredError",
  XUrlCreditRequiredError: "PaymentRequiredError",
  ForbiddenError: "PermissionDeniedError",
  ScopeRequiredError: "PermissionDeniedError",
  GenerationLimitError: "PermissionDeniedError",
  WorkspaceSuspendedError: "PermissionDeniedError",
  WorkspaceNotFoundError: "NotFoundError",
  PublishedImmutableError: "ConflictError",
  AcknowledgmentRequiredError: "ConflictError",
  ValidationError: "BadRequestError",
  MissingInputError: "BadRequestError",
  InvalidStatusTransitionError: "BadRequestError",
  CannotRevokeSelfError: "BadRequestError",
  UnknownToolError: "APIError",
  InternalServerError: "ServerError",
  TransitionFailedError: "ServerError",
  PublishFailedError: "ServerError",
  CapacityUnknownError: "ServerError",
};

/** The class names a row's instance must be an instance of, nearest first. */
function ancestry(name: string): string[] {
  if (name === "APIError") return ["APIError", "PostlineError"];
  const parent = name in STATUS_CLASSES ? "APIError" : DOCUMENTED_PARENT[name];
  if (parent === undefined) throw new Error(`${name} is missing from the documented class tree`);
  return [name, ...ancestry(parent)];
}

describe("ERR-1 every row of the code table becomes its class and its parents", () => {
  it.each(rows)("%s", async (name, row) => {
    const status = row.status ?? 400;
    const extra = row.flag === "acknowledgmentRequired" ? { acknowledgmentRequired: true } : {};
    const error = await errorFor(status, envelope(row.code, `${row.code} happened`, extra));
    for (const ancestor of ancestry(name)) expect(error).toBeInstanceOf(classes[ancestor]);
    const apiError = error as APIError;
    expect(apiError.name).toBe(name);
    expect(apiError.constructor.name).toBe(name);
    expect(apiError.code).toBe(row.code);
    expect(apiError.status).toBe(status);
    expect(apiError.message).toBe(`${row.code} happened`);
    expect(apiError.method).toBe("GET");
    expect(apiError.url).toBe(`${API}/content/item_1`);
    expect(apiError.body).toEqual(envelope(row.code, `${row.code} happened`, extra));
    expect(apiError.headers).toBeInstanceOf(Headers);
  });
});

describe("the derived types follow the same tree", () => {
  it("a code class carries its status class's status and its own code", () => {
    expectTypeOf<sdk.WorkspaceNotFoundError["status"]>().toEqualTypeOf<404>();
    expectTypeOf<sdk.WorkspaceNotFoundError["code"]>().toEqualTypeOf<"workspace_not_found">();
    expectTypeOf<sdk.ScopeRequiredError>().toExtend<sdk.PermissionDeniedError>();
    expectTypeOf<sdk.PublishFailedError>().toExtend<sdk.ServerError>();
    expectTypeOf<sdk.UnknownToolError["status"]>().toEqualTypeOf<number>();
    expectTypeOf<sdk.ScopeRequiredError["requiredScope"]>().toEqualTypeOf<string | undefined>();
  });
});

describe("the public list of codes", () => {
  it("names every code of the table once, and cannot be changed", () => {
    const tableCodes = new Set(rows.map(([, row]) => row.code));
    expect([...sdk.ERROR_CODES].sort()).toEqual([...tableCodes].sort());
    expect(sdk.ERROR_CODES.filter((code) => code === "validation_error")).toHaveLength(1);
    expect(Object.isFrozen(sdk.ERROR_CODES)).toBe(true);
    expectTypeOf(sdk.ERROR_CODES).toEqualTypeOf<readonly sdk.ErrorCode[]>();
    expectTypeOf<"scope_required">().toExtend<sdk.ErrorCode>();
  });
});

describe("status classes", () => {
  it.each(Object.entries(STATUS_CLASSES).map(([name, row]) => [name, row.status] as const))(
    "%s is served for an unknown code with status %i",
    async (name, status) => {
      const error = (await errorFor(status, envelope("brand_new_code", "New"))) as APIError;
      expect(error).toBeInstanceOf(classes[name]);
      expect(error).toBeInstanceOf(APIError);
      expect(error.name).toBe(name);
      expect(error.code).toBe("brand_new_code");
    },
  );

  it("any 5xx is a ServerError", async () => {
    const error = (await errorFor(504, envelope("gateway_timeout", "Slow"))) as APIError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(504);
  });

  it("a status with no class of its own is a plain APIError keeping code and status", async () => {
    const error = (await errorFor(405, envelope("method_not_allowed", "No"))) as APIError;
    expect(error.constructor).toBe(APIError);
    expect(error.status).toBe(405);
    expect(error.code).toBe("method_not_allowed");
  });

  it("a known code served with another status takes the class of that status", async () => {
    const error = (await errorFor(400, envelope("not_found", "odd"))) as APIError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).not.toBeInstanceOf(NotFoundError);
    expect(error.code).toBe("not_found");
  });
});

describe("bodies that are not the envelope become the class of their status with code unexpected_response", () => {
  it("an HTML page from a proxy", async () => {
    const error = (await errorFor(502, "<html><body>Bad gateway</body></html>")) as APIError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.code).toBe("unexpected_response");
    expect(error.message).toMatch(/502/);
    expect(error.body).toBe("<html><body>Bad gateway</body></html>");
  });

  it("an empty body", async () => {
    server.use(http.get(`${API}/content/item_1`, () => new HttpResponse(null, { status: 404 })));
    const error = (await makeClient()
      .content.get("item_1")
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.code).toBe("unexpected_response");
    expect(error.body).toBeUndefined();
  });

  it("truncated JSON", async () => {
    server.use(
      http.get(
        `${API}/content/item_1`,
        () =>
          new HttpResponse('{"error":{"code":"not_fo', {
            status: 409,
            headers: { "content-type": "application/json" },
          }),
      ),
    );
    const error = (await makeClient()
      .content.get("item_1")
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.code).toBe("unexpected_response");
  });

  it("JSON that is not an envelope", async () => {
    const error = (await errorFor(403, { message: "nope" })) as APIError;
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.code).toBe("unexpected_response");
    expect(error.body).toEqual({ message: "nope" });
  });
});

describe("extra fields", () => {
  it("ScopeRequiredError reads requiredScope from the envelope", async () => {
    const error = (await errorFor(
      403,
      envelope("scope_required", "Needs more", { requiredScope: "admin" }),
    )) as ScopeRequiredError;
    expect(error.requiredScope).toBe("admin");
  });

  it("AUTH-3 ScopeRequiredError parses requiredScope from the message when the envelope has none", async () => {
    const error = (await errorFor(
      403,
      envelope("scope_required", "This key needs the 'write' scope"),
    )) as ScopeRequiredError;
    expect(error).toBeInstanceOf(ScopeRequiredError);
    expect(error.requiredScope).toBe("write");
  });

  it("PATCH-3 AcknowledgmentRequiredError carries aiIsmMatches (409 with acknowledgmentRequired)", async () => {
    const matches = [{ label: "delve", match: "delve into" }];
    const error = await errorFor(
      409,
      envelope("validation_error", "Acknowledge", {
        acknowledgmentRequired: true,
        aiIsmMatches: matches,
      }),
    );
    expect(error).toBeInstanceOf(AcknowledgmentRequiredError);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).not.toBeInstanceOf(ValidationError);
    if (error instanceof AcknowledgmentRequiredError) expect(error.aiIsmMatches).toEqual(matches);
    else expect.unreachable();
  });

  it("validation_error at 400 is a ValidationError, not an acknowledgment", async () => {
    const error = await errorFor(400, envelope("validation_error", "Bad limit"));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as ValidationError).channels).toBeUndefined();
  });

  it("CREATE-6 ValidationError carries the channels listed in error.channels", async () => {
    const channels = [{ id: "ch_x", platform: "x", name: "Acme" }];
    const error = (await errorFor(
      400,
      envelope("validation_error", "Name a channel", { channels }),
    )) as ValidationError;
    expect(error.channels).toEqual(channels);
  });

  it("LIMIT-4 RateLimitError reads Retry-After and the X-RateLimit headers", async () => {
    const error = (await errorFor(429, envelope("rate_limited", "Try again in 12 seconds"), {
      "retry-after": "12",
      "x-ratelimit-limit": "60",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": "1900000000",
    })) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterSeconds).toBe(12);
    expect(error.limit).toBe(60);
    expect(error.remaining).toBe(0);
    expect(error.resetAt).toEqual(new Date(1_900_000_000_000));
  });

  it("RateLimitError falls back to error.retryAfterSeconds in the envelope", async () => {
    const error = (await errorFor(
      429,
      envelope("rate_limited", "Rate limited: retry in 9 seconds", { retryAfterSeconds: 7 }),
    )) as RateLimitError;
    expect(error.retryAfterSeconds).toBe(7);
    expect(error.limit).toBeUndefined();
    expect(error.resetAt).toBeUndefined();
  });
});

describe("error basics", () => {
  it("every exported error class is a PostlineError with its own literal name", () => {
    const names = Object.keys(classes).filter((key) => /Error$/.test(key));
    expect(names.length).toBeGreaterThan(30);
    for (const name of names) {
      const Class = classes[name]!;
      expect(Class.prototype).toBeInstanceOf(Error);
      expect(Class === PostlineError || Class.prototype instanceof PostlineError).toBe(true);
      expect(Class.prototype.name).toBe(name);
    }
  });

  it("isRetryable is false for a refused write and true for a 429", async () => {
    const refused = await errorFor(400, envelope("validation_error", "x"));
    expect(isRetryable(refused)).toBe(false);
    const limited = await errorFor(429, envelope("rate_limited", "x"), { "retry-after": "0" });
    expect(isRetryable(limited)).toBe(true);
    expect(isRetryable(new Error("x"))).toBe(false);
  });
});
