/**
 * The words of the control plane's document: per route and method, what it does, the schemas it
 * parses and answers with, an example of each, and the refusals it adds to the gate's.
 * `control-document.ts` turns this table into OpenAPI.
 */
import type { z } from "zod";
import { ClockBodySchema } from "./clock-route.js";
import {
  AddedKeySchema,
  ClearedSchema,
  ClockStateSchema,
  FaultListSchema,
  FaultSchema,
  JournalSchema,
  ResetAnswerSchema,
} from "./control-answer-schemas.js";
import { FaultBodySchema } from "./faults-route.js";
import { KeyBodySchema } from "./keys-route.js";
import { JournalQuerySchema, WAIT_LIMITS } from "./requests-route.js";
import { ResetBodySchema } from "./reset-route.js";

/** Every refusal the document names, by its `error.code`: its status, message and `param`. */
export const REFUSALS = {
  control_token_required: [
    401,
    "This fake was started with a control token: send Authorization: Bearer <token>.",
  ],
  control_token_invalid: [401, "The control token does not match."],
  forbidden_host: [403, "The control plane answers only at an IP address or localhost."],
  forbidden_origin: [403, "The control plane answers no other origin."],
  invalid_json: [400, "The body is not JSON.", "body"],
  invalid_body: [
    400,
    "The body breaks the schema; `param` is the JSON path at fault.",
    "$.advance",
  ],
  body_too_large: [413, "The body is over 4 MiB, the control plane's cap.", "body"],
  unsupported_media_type: [
    415,
    "A control write needs Content-Type: application/json.",
    "content-type",
  ],
  clock_backwards: [
    409,
    "`set` is before the clock's reading; the clock does not go back.",
    "$.set",
  ],
  invalid_seed: [
    400,
    "The model refuses the seed (an item on an unknown channel, an id seeded twice).",
    "$.seed",
  ],
  workspace_not_found: [404, "No such workspace in the fake.", "$.workspace"],
  invalid_query: [400, `Invalid \`wait\`: an integer from 0 to ${WAIT_LIMITS.maxMs}.`, "wait"],
  too_many_waits: [
    429,
    `${WAIT_LIMITS.concurrent} waits are already open on this fake; retry after \`Retry-After\` seconds.`,
    "wait",
  ],
} as const satisfies Record<string, readonly [number, string, string?]>;

export type RefusalCode = keyof typeof REFUSALS;

/** The gate's refusals (`control-guard.ts`), on every route that takes the token. */
const GATE: readonly RefusalCode[] = [
  "control_token_required",
  "control_token_invalid",
  "forbidden_host",
  "forbidden_origin",
];

/** What a write adds: the media type, and the body read by `control-body.ts`. */
const WRITE: readonly RefusalCode[] = [
  ...GATE,
  "unsupported_media_type",
  "invalid_json",
  "invalid_body",
  "body_too_large",
];

/** One operation of the control plane. */
export interface ControlOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly body?: {
    readonly schema: z.ZodType;
    readonly example: unknown;
    readonly optional?: true;
  };
  readonly query?: z.ZodObject;
  readonly answer: {
    readonly status: 200 | 201;
    readonly description: string;
    readonly schema: z.ZodType;
    readonly example: unknown;
  };
  readonly refusals: readonly RefusalCode[];
}

const NOW = "2026-03-02T09:00:00.000Z";
const FAULT_EXAMPLE = { kind: "dropAfterWrite", method: "POST", path: "/content", times: 1 };

/** Every operation, by path and lower-case method. */
export const CONTROL_OPERATIONS: Readonly<
  Record<string, Readonly<Record<string, ControlOperation>>>
> = {
  "/fake/reset": {
    post: {
      operationId: "resetFake",
      summary: "Reset the fake",
      description:
        "Back to the seed it started with (no body, or `{}`), or to the seed in `seed`, which later resets return to. Faults, rate windows, sessions and the journal start afresh; keys seeded again under the same id keep their tokens.",
      body: { schema: ResetBodySchema, example: { seed: { now: NOW } }, optional: true },
      answer: {
        status: 200,
        description: "The main workspace's key and channels, and the clock.",
        schema: ResetAnswerSchema,
        example: {
          apiKey: "pl_test_5f0c9a2e7b314d6a8c1e0f2a4b6d8e1f3a5c7e9b0d2f4a6c",
          channelIds: ["ch_x_acme", "ch_x_olivia", "ch_linkedin_olivia", "ch_medium_acme"],
          now: NOW,
          frozen: true,
        },
      },
      refusals: [...WRITE, "invalid_seed"],
    },
  },
  "/fake/clock": {
    get: {
      operationId: "readClock",
      summary: "Read the clock",
      description: "The model's time and whether it is frozen.",
      answer: {
        status: 200,
        description: "The clock.",
        schema: ClockStateSchema,
        example: { now: NOW, frozen: true, published: [] },
      },
      refusals: GATE,
    },
    post: {
      operationId: "moveClock",
      summary: "Move the clock",
      description:
        "Exactly one of `advance` (ms), `set` (an instant not before the clock's reading), `freeze` or `follow`. A publish tick runs after it: `published` lists the items that went live.",
      body: { schema: ClockBodySchema, example: { advance: 60000 } },
      answer: {
        status: 200,
        description: "The clock after the move.",
        schema: ClockStateSchema,
        example: { now: "2026-03-02T09:01:00.000Z", frozen: true, published: ["cnt_000001"] },
      },
      refusals: [...WRITE, "clock_backwards"],
    },
  },
  "/fake/faults": {
    get: {
      operationId: "listFaults",
      summary: "List faults",
      description: "The faults that still apply, in the order they match.",
      answer: {
        status: 200,
        description: "The faults.",
        schema: FaultListSchema,
        example: { faults: [{ ...FAULT_EXAMPLE, remaining: 1, hits: 0 }] },
      },
      refusals: GATE,
    },
    post: {
      operationId: "injectFault",
      summary: "Inject a fault",
      description:
        "Every kind of `service.faults.inject`, on a path under /api/v1, for `times` requests (default 1) or `always`; with `probability` and `seed`, the same matching requests are hit on every run.",
      body: { schema: FaultBodySchema, example: FAULT_EXAMPLE },
      answer: {
        status: 201,
        description: "The fault as injected.",
        schema: FaultSchema,
        example: { ...FAULT_EXAMPLE, remaining: 1, hits: 0 },
      },
      refusals: WRITE,
    },
    delete: {
      operationId: "clearFaults",
      summary: "Clear faults",
      description: "Removes every fault.",
      answer: {
        status: 200,
        description: "How many were removed.",
        schema: ClearedSchema,
        example: { removed: 1 },
      },
      refusals: [...GATE, "unsupported_media_type"],
    },
  },
  "/fake/keys": {
    post: {
      operationId: "addKey",
      summary: "Add an agent key",
      description:
        "A key with a name and scopes, test (default) or live, for a workspace (the main one by default) and a member (the owner by default). The answer is the only place the control plane shows a token.",
      body: { schema: KeyBodySchema, example: { name: "Reader", scopes: ["read"] } },
      answer: {
        status: 201,
        description: "The key and its token.",
        schema: AddedKeySchema,
        example: {
          id: "key_000001",
          token: "pl_test_0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c",
          userId: "usr_olivia",
          workspace: "ws_acme",
        },
      },
      refusals: [...WRITE, "workspace_not_found"],
    },
  },
  "/fake/requests": {
    get: {
      operationId: "readRequests",
      summary: "Read or wait on the request journal",
      description: `The requests received (no body, no token), filtered. With \`wait\` (at most ${WAIT_LIMITS.maxMs} ms) it answers once \`count\` entries match, or at the wait's end with what there is; at most ${WAIT_LIMITS.concurrent} waits are open at once (more get 429 \`too_many_waits\`). Needs no control token.`,
      query: JournalQuerySchema,
      answer: {
        status: 200,
        description: "The matching entries.",
        schema: JournalSchema,
        example: {
          requests: [
            {
              index: 0,
              at: NOW,
              method: "POST",
              path: "/content",
              query: "",
              status: 201,
              outcome: "response",
              errorCode: null,
              keyId: "key_acme_owner",
              keyName: "Owner key",
              credential: "key",
              mcpCall: null,
              fault: null,
              applied: true,
              acknowledgedAiIsms: false,
              approvalSource: null,
            },
          ],
          next: 1,
          dropped: 0,
          limits: { entries: 10000, bodyChars: 16777216 },
          matched: 1,
          reached: true,
        },
      },
      refusals: ["invalid_query", "forbidden_host", "too_many_waits"],
    },
  },
};
