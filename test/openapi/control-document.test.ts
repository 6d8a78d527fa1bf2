/**
 * The control plane's document is generated from the zod schemas its routes parse with and
 * answer in, so it says what the routes do: every route and method, each body the route's own
 * schema, each example valid, and what a live fake answers valid against the documented answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createFakeService, type FakeServer, startFakeServer } from "../../src/testing/index.js";
import { ClockBodySchema } from "../../src/testing/tooling/control/clock-route.js";
import { ControlErrorSchema } from "../../src/testing/tooling/control/control-answer-schemas.js";
import { buildControlDocument } from "../../src/testing/tooling/control/control-document.js";
import { CONTROL_OPERATIONS } from "../../src/testing/tooling/control/control-operations.js";
import { CONTROL_PATHS } from "../../src/testing/tooling/control/control-routes.js";
import { FaultBodySchema } from "../../src/testing/tooling/control/faults-route.js";
import { KeyBodySchema } from "../../src/testing/tooling/control/keys-route.js";
import { ResetBodySchema } from "../../src/testing/tooling/control/reset-route.js";

const document = buildControlDocument() as any;
const operations = Object.entries(CONTROL_OPERATIONS).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, spec]) => ({ path, method, spec })),
);

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer(createFakeService({ now: "2026-03-02T09:00:00.000Z" }), {
    port: 0,
  });
});
afterAll(() => server.close());

async function send(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: method === "GET" ? {} : { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    allow: response.headers.get("allow"),
    body: await response.json(),
  };
}

describe("the control plane's OpenAPI document", () => {
  it("documents exactly the methods each control route answers (405 lists them)", async () => {
    for (const path of Object.values(CONTROL_PATHS).filter(
      (path) => path !== CONTROL_PATHS.openapi,
    )) {
      const { status, allow } = await send("PUT", path, {});
      expect(status, path).toBe(405);
      const answered = allow!.split(", ").map((method) => method.toLowerCase());
      expect(Object.keys(document.paths[path]).sort(), path).toEqual(answered.sort());
    }
    expect(Object.keys(document.paths["/fake/requests"])).toEqual(["get"]);
  });

  it("each request body is the zod schema its route parses with", () => {
    const bodies = {
      ResetBody: ResetBodySchema,
      ClockMove: ClockBodySchema,
      FaultSpec: FaultBodySchema,
      KeyBody: KeyBodySchema,
    };
    for (const [name, schema] of Object.entries(bodies)) {
      const { $schema: _dialect, ...converted } = z.toJSONSchema(schema, {
        target: "draft-2020-12",
        io: "input",
      }) as Record<string, unknown>;
      expect(document.components.schemas[name], name).toEqual(converted);
    }
  });

  it("every example parses with the schema it illustrates", () => {
    for (const { path, method, spec } of operations) {
      if (spec.body)
        expect(
          spec.body.schema.safeParse(spec.body.example).success,
          `${method} ${path} body`,
        ).toBe(true);
      expect(spec.answer.schema.safeParse(spec.answer.example).success, `${method} ${path}`).toBe(
        true,
      );
      for (const [status, response] of Object.entries<any>(
        document.paths[path][method].responses,
      )) {
        if (Number(status) >= 400) {
          expect(
            ControlErrorSchema.parse(response.content["application/json"].example).error.code,
          ).toBeTruthy();
        }
      }
    }
  });

  it("what a live fake answers parses with the documented answer", async () => {
    const calls: Record<string, [string, string, unknown?]> = {
      resetFake: ["POST", "/fake/reset", {}],
      readClock: ["GET", "/fake/clock"],
      moveClock: ["POST", "/fake/clock", { advance: 1000 }],
      injectFault: ["POST", "/fake/faults", { kind: "html", path: "/content", always: true }],
      listFaults: ["GET", "/fake/faults"],
      clearFaults: ["DELETE", "/fake/faults"],
      addKey: ["POST", "/fake/keys", { name: "Reader", scopes: ["read"] }],
      readRequests: ["GET", "/fake/requests?count=1"],
    };
    expect(Object.keys(calls).sort()).toEqual(
      operations.map(({ spec }) => spec.operationId).sort(),
    );
    for (const { spec } of operations) {
      const [method, path, body] = calls[spec.operationId]!;
      const answer = await send(method, path, body);
      expect(answer.status, spec.operationId).toBe(spec.answer.status);
      const parsed = spec.answer.schema.safeParse(answer.body);
      expect(parsed.error?.issues ?? [], spec.operationId).toEqual([]);
    }
  });

  it("a refusal the fake answers parses with ControlError, under a status the route documents", async () => {
    const refused = await send("POST", "/fake/clock", { advance: -1 });
    expect(ControlErrorSchema.parse(refused.body).error.code).toBe("invalid_body");
    expect(Object.keys(document.paths["/fake/clock"].post.responses)).toContain(
      String(refused.status),
    );
  });
});
