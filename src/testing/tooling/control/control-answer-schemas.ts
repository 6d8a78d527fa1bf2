/** The answers' schemas of the control plane's OpenAPI document (`control-document.ts`). */

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The schemas of what the control routes answer, by component name. */
export const CONTROL_ANSWER_SCHEMAS: Readonly<Record<string, Json>> = {
  ControlError: {
    type: "object",
    required: ["error"],
    properties: {
      error: {
        type: "object",
        required: ["code", "message"],
        properties: {
          code: { type: "string" },
          message: { type: "string" },
          param: { type: "string" },
          problems: {
            type: "array",
            items: {
              type: "object",
              required: ["path", "message"],
              properties: { path: { type: "string" }, message: { type: "string" } },
            },
          },
        },
      },
    },
  },
  ResetAnswer: {
    type: "object",
    required: ["apiKey", "channelIds", "now", "frozen"],
    properties: {
      apiKey: { type: "string" },
      channelIds: { type: "array", items: { type: "string" } },
      now: { type: "string", format: "date-time" },
      frozen: { type: "boolean" },
    },
  },
  ClockState: {
    type: "object",
    required: ["now", "frozen", "published"],
    properties: {
      now: { type: "string", format: "date-time" },
      frozen: { type: "boolean" },
      published: { type: "array", items: { type: "string" } },
    },
  },
  Fault: {
    type: "object",
    required: ["kind", "path", "remaining", "hits"],
    description: "A fault as injected (the kind's own fields too), with its counts.",
    additionalProperties: true,
    properties: {
      kind: { type: "string" },
      method: { type: "string" },
      path: { type: "string" },
      times: { type: "integer" },
      always: { type: "boolean" },
      probability: { type: "number" },
      seed: { type: "integer" },
      remaining: { type: ["integer", "null"], description: "`null` for `always`." },
      hits: { type: "integer" },
    },
  },
  FaultList: {
    type: "object",
    required: ["faults"],
    properties: { faults: { type: "array", items: ref("Fault") } },
  },
  Cleared: {
    type: "object",
    required: ["removed"],
    properties: { removed: { type: "integer" } },
  },
  AddedKey: {
    type: "object",
    required: ["id", "token", "userId", "workspace"],
    properties: {
      id: { type: "string" },
      token: { type: "string" },
      userId: { type: "string" },
      workspace: { type: "string" },
    },
  },
  Journal: {
    type: "object",
    required: ["requests", "next", "dropped", "limits", "matched"],
    properties: {
      requests: { type: "array", items: { type: "object" } },
      next: { type: "integer" },
      dropped: { type: "integer" },
      limits: { type: "object" },
      matched: { type: "integer" },
      reached: {
        type: "boolean",
        description: "With `wait` or `count`: whether `count` entries matched.",
      },
    },
  },
};
