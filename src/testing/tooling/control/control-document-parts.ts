/**
 * The pieces the control plane's OpenAPI document is built of (`control-document.ts`): the
 * examples, the refusals every route shares, and helpers for operations and parameters.
 */

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export const NOW = "2026-03-02T09:00:00.000Z";

const ERROR_EXAMPLE = {
  error: { code: "invalid_body", message: "Invalid `$.advance`: Too small", param: "$.advance" },
};

export function json(description: string, schema: Json, example: unknown): Json {
  return { description, content: { "application/json": { schema, example } } };
}

export const refused = (status: string, description: string, example: unknown = ERROR_EXAMPLE) => ({
  [status]: json(description, ref("ControlError"), example),
});

export const GATE = {
  ...refused(
    "401",
    "`control_token_required` or `control_token_invalid` (a fake started with a control token).",
    {
      error: {
        code: "control_token_required",
        message: "This fake was started with a control token: send Authorization: Bearer <token>.",
      },
    },
  ),
  ...refused(
    "403",
    "`forbidden_host` or `forbidden_origin`: the control plane answers loopback hosts only.",
    {
      error: {
        code: "forbidden_host",
        message: "The control plane answers only at an IP address or localhost.",
      },
    },
  ),
};

export const WRITE_GATE = {
  ...GATE,
  ...refused(
    "400",
    "The body is not JSON or breaks the schema; `param` is the JSON path at fault.",
  ),
  ...refused("413", "`body_too_large`: over 4 MiB.", {
    error: { code: "body_too_large", message: "The body is over 4194304 bytes.", param: "body" },
  }),
  ...refused("415", "`unsupported_media_type`: a write needs `Content-Type: application/json`.", {
    error: {
      code: "unsupported_media_type",
      message: "A control write needs Content-Type: application/json.",
      param: "content-type",
    },
  }),
};

export function requestBody(
  schema: string,
  example: unknown,
  { required = true }: { required?: boolean } = {},
): Json {
  return { required, content: { "application/json": { schema: ref(schema), example } } };
}

export function operation(
  operationId: string,
  summary: string,
  description: string,
  responses: Json,
  extra: Json = {},
): Json {
  return { operationId, summary, description, tags: ["Control"], ...extra, responses };
}

export const CLOCK_EXAMPLE = { now: NOW, frozen: true, published: [] };
export const FAULT_EXAMPLE = {
  kind: "dropAfterWrite",
  method: "POST",
  path: "/content",
  times: 1,
};
export const JOURNAL_EXAMPLE = {
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
};

export const query = (name: string, description: string, schema: Json, example: unknown) => ({
  name,
  in: "query",
  required: false,
  description,
  schema,
  example,
});
