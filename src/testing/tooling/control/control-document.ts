/**
 * The OpenAPI 3.1 document of the control plane (`GET /fake/openapi.json`, shipped as
 * `@postline/sdk/fake-control.json`). The request bodies are the zod schemas the routes parse
 * with (`z.toJSONSchema`), so the document cannot drift from what the routes accept.
 */
import { z } from "zod";
import { ClockBodySchema } from "./clock-route.js";
import { CONTROL_ANSWER_SCHEMAS } from "./control-answer-schemas.js";
import {
  CLOCK_EXAMPLE,
  FAULT_EXAMPLE,
  GATE,
  JOURNAL_EXAMPLE,
  json,
  NOW,
  operation,
  query,
  refused,
  requestBody,
  WRITE_GATE,
} from "./control-document-parts.js";
import { FaultBodySchema } from "./faults-route.js";
import { KeyBodySchema } from "./keys-route.js";
import { WAIT_LIMITS } from "./requests-route.js";
import { ResetBodySchema } from "./reset-route.js";

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function bodySchema(schema: z.ZodType): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    target: "draft-2020-12",
    unrepresentable: "any",
  }) as Json;
  return rest;
}

/** The control plane's OpenAPI document; `baseURL` is the fake's own address. */
export function buildControlDocument(baseURL = "http://127.0.0.1:4010"): Json {
  return {
    openapi: "3.1.0",
    info: {
      title: "Postline fake control plane",
      version: "1",
      description:
        "Steers `postline fake` (and `startFakeServer`) from any language: reset it, move its clock, inject faults, add keys and read or wait on its request journal. Loopback hosts only; writes take `Content-Type: application/json` only; no CORS. A fake started with `--control-token` wants `Authorization: Bearer <token>` on every route but the journal, the state and this document.",
      license: { name: "MIT", identifier: "MIT" },
      contact: {
        name: "@postline/sdk",
        url: "https://github.com/postline/postline-sdk-typescript/issues",
      },
    },
    servers: [
      {
        url: "{baseURL}",
        description: "The fake; `postline fake` prints its base URL.",
        variables: { baseURL: { default: baseURL, description: "The fake's base address." } },
      },
    ],
    security: [{}, { controlToken: [] }],
    tags: [{ name: "Control", description: "The fake's own routes, outside /api/v1." }],
    paths: {
      "/fake/reset": {
        post: operation(
          "resetFake",
          "Reset the fake",
          "Back to the seed it started with (no body, or `{}`), or to the seed in `seed`, which later resets return to. Faults, rate windows, sessions and the journal start afresh; keys seeded again under the same id keep their tokens.",
          {
            "200": json(
              "The main workspace's key and channels, and the clock.",
              ref("ResetAnswer"),
              {
                apiKey: "pl_test_5f0c9a2e7b314d6a8c1e0f2a4b6d8e1f3a5c7e9b0d2f4a6c",
                channelIds: ["ch_x_acme", "ch_x_olivia", "ch_linkedin_olivia", "ch_medium_acme"],
                now: NOW,
                frozen: true,
              },
            ),
            ...WRITE_GATE,
          },
          { requestBody: requestBody("ResetBody", { seed: { now: NOW } }, { required: false }) },
        ),
      },
      "/fake/clock": {
        get: operation(
          "readClock",
          "Read the clock",
          "The model's time and whether it is frozen.",
          {
            "200": json("The clock.", ref("ClockState"), CLOCK_EXAMPLE),
            ...GATE,
          },
        ),
        post: operation(
          "moveClock",
          "Move the clock",
          "Exactly one of `advance` (ms), `set` (an instant not before the clock's reading), `freeze` or `follow`. A publish tick runs after it: `published` lists the items that went live.",
          {
            "200": json("The clock after the move.", ref("ClockState"), {
              now: "2026-03-02T09:01:00.000Z",
              frozen: true,
              published: ["cnt_000001"],
            }),
            ...refused("409", "`clock_backwards`: `set` is before the clock's reading.", {
              error: {
                code: "clock_backwards",
                message: "The clock does not go back.",
                param: "$.set",
              },
            }),
            ...WRITE_GATE,
          },
          { requestBody: requestBody("ClockMove", { advance: 60000 }) },
        ),
      },
      "/fake/faults": {
        get: operation(
          "listFaults",
          "List faults",
          "The faults that still apply, in the order they match.",
          {
            "200": json("The faults.", ref("FaultList"), {
              faults: [{ ...FAULT_EXAMPLE, remaining: 1, hits: 0 }],
            }),
            ...GATE,
          },
        ),
        post: operation(
          "injectFault",
          "Inject a fault",
          "Every kind of `service.faults.inject`, on a path under /api/v1, for `times` requests (default 1) or `always`; with `probability` and `seed`, the same matching requests are hit on every run.",
          {
            "201": json("The fault as injected.", ref("Fault"), {
              ...FAULT_EXAMPLE,
              remaining: 1,
              hits: 0,
            }),
            ...WRITE_GATE,
          },
          { requestBody: requestBody("FaultSpec", FAULT_EXAMPLE) },
        ),
        delete: operation("clearFaults", "Clear faults", "Removes every fault.", {
          "200": json("How many were removed.", ref("Cleared"), { removed: 1 }),
          ...GATE,
          ...refused(
            "415",
            "`unsupported_media_type`: a write needs `Content-Type: application/json`.",
            {
              error: {
                code: "unsupported_media_type",
                message: "A control write needs Content-Type: application/json.",
                param: "content-type",
              },
            },
          ),
        }),
      },
      "/fake/keys": {
        post: operation(
          "addKey",
          "Add an agent key",
          "A key with a name and scopes, test (default) or live, for a workspace (the main one by default) and a member (the owner by default). The answer is the only place the control plane shows a token.",
          {
            "201": json("The key and its token.", ref("AddedKey"), {
              id: "key_000001",
              token: "pl_test_0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c",
              userId: "usr_olivia",
              workspace: "ws_acme",
            }),
            ...refused("404", "`workspace_not_found`.", {
              error: {
                code: "workspace_not_found",
                message: "No workspace ws_nope in the fake.",
                param: "$.workspace",
              },
            }),
            ...WRITE_GATE,
          },
          { requestBody: requestBody("KeyBody", { name: "Reader", scopes: ["read"] }) },
        ),
      },
      "/fake/requests": {
        get: operation(
          "readRequests",
          "Read or wait on the request journal",
          `The requests received (no body, no token), filtered. With \`wait\` (at most ${WAIT_LIMITS.maxMs} ms) it answers once \`count\` entries match, or at the wait's end with what there is; at most ${WAIT_LIMITS.concurrent} waits are open at once (more get 429 \`too_many_waits\`). Needs no control token.`,
          {
            "200": json("The matching entries.", ref("Journal"), JOURNAL_EXAMPLE),
            ...refused("400", "`invalid_query`: `param` names the parameter.", {
              error: {
                code: "invalid_query",
                message: "Invalid `wait`: an integer from 0 to 30000.",
                param: "wait",
              },
            }),
            ...refused("403", "`forbidden_host`.", {
              error: {
                code: "forbidden_host",
                message: "The control plane answers only at an IP address or localhost.",
              },
            }),
            ...refused("429", "`too_many_waits`: retry after `Retry-After` seconds.", {
              error: {
                code: "too_many_waits",
                message: "64 waits are already open on this fake.",
                param: "wait",
              },
            }),
          },
          {
            parameters: [
              query("after", "The first index to show.", { type: "integer", minimum: 0 }, 0),
              query(
                "method",
                "Only this method.",
                { type: "string", pattern: "^[A-Za-z]+$" },
                "POST",
              ),
              query(
                "path",
                "Only this path under /api/v1 (`:id` or `*` match a segment).",
                { type: "string" },
                "/content",
              ),
              query(
                "status",
                "Only this status.",
                { type: "integer", minimum: 100, maximum: 599 },
                429,
              ),
              query("errorCode", "Only this `error.code`.", { type: "string" }, "rate_limited"),
              query(
                "wait",
                "Milliseconds to wait for `count` matches.",
                { type: "integer", minimum: 0, maximum: WAIT_LIMITS.maxMs },
                2000,
              ),
              query(
                "count",
                "How many matches end the wait (default 1).",
                { type: "integer", minimum: 1, maximum: WAIT_LIMITS.maxCount },
                1,
              ),
            ],
          },
        ),
      },
    },
    components: {
      securitySchemes: {
        controlToken: {
          type: "http",
          scheme: "bearer",
          description:
            "The token given to `postline fake --control-token` (or POSTLINE_FAKE_CONTROL_TOKEN).",
        },
      },
      schemas: {
        ResetBody: bodySchema(ResetBodySchema),
        ClockMove: bodySchema(ClockBodySchema),
        FaultSpec: bodySchema(FaultBodySchema),
        KeyBody: bodySchema(KeyBodySchema),
        ...CONTROL_ANSWER_SCHEMAS,
      },
    },
  };
}
