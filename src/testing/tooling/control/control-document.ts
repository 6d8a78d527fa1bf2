/**
 * The OpenAPI 3.1 document of the control plane (`GET /fake/openapi.json`, shipped as
 * `@postline/sdk/fake-control.json`), generated from the operations table
 * (`control-operations.ts`): the bodies are the zod schemas the routes parse with and the
 * answers the zod schemas of `control-answer-schemas.ts`, converted with `z.toJSONSchema` as
 * the API's own document is (`src/openapi/`).
 */
import { z } from "zod";
import { componentName, convertedComponents, refTo } from "../../../openapi/components.js";
import type { JsonSchema } from "../../../openapi/json-schema.js";
import { ClockBodySchema } from "./clock-route.js";
import {
  AddedKeySchema,
  ClearedSchema,
  ClockStateSchema,
  ControlErrorSchema,
  FaultListSchema,
  FaultSchema,
  JournalSchema,
  ResetAnswerSchema,
} from "./control-answer-schemas.js";
import {
  CONTROL_OPERATIONS,
  type ControlOperation,
  REFUSALS,
  type RefusalCode,
} from "./control-operations.js";
import { FaultBodySchema } from "./faults-route.js";
import { KeyBodySchema } from "./keys-route.js";
import { ResetBodySchema } from "./reset-route.js";

/** Every schema the document names, by its component name. */
const NAMED_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  ResetBody: ResetBodySchema,
  ClockMove: ClockBodySchema,
  FaultSpec: FaultBodySchema,
  KeyBody: KeyBodySchema,
  ControlError: ControlErrorSchema,
  ResetAnswer: ResetAnswerSchema,
  ClockState: ClockStateSchema,
  Fault: FaultSchema,
  FaultList: FaultListSchema,
  Cleared: ClearedSchema,
  AddedKey: AddedKeySchema,
  Journal: JournalSchema,
};
const TO_JSON_SCHEMA = { target: "draft-2020-12", io: "input" } as const;

/** The control plane's OpenAPI document; `baseURL` is the fake's own address. */
export function buildControlDocument(baseURL = "http://127.0.0.1:4010"): JsonSchema {
  const paths = Object.fromEntries(
    Object.entries(CONTROL_OPERATIONS).map(([path, methods]) => [
      path,
      Object.fromEntries(
        Object.entries(methods).map(([method, spec]) => [method, operation(spec)]),
      ),
    ]),
  );
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
    paths,
    components: {
      securitySchemes: {
        controlToken: {
          type: "http",
          scheme: "bearer",
          description:
            "The token given to `postline fake --control-token` (or POSTLINE_FAKE_CONTROL_TOKEN).",
        },
      },
      schemas: convertedComponents(NAMED_SCHEMAS),
    },
  };
}

function operation(spec: ControlOperation) {
  const { operationId, summary, description, body, query, answer, refusals } = spec;
  return {
    operationId,
    summary,
    description,
    tags: ["Control"],
    ...(query ? { parameters: queryParameters(query) } : {}),
    ...(body
      ? {
          requestBody: {
            required: body.optional !== true,
            content: {
              "application/json": {
                schema: refTo(nameOf(body.schema)),
                example: body.example,
              },
            },
          },
        }
      : {}),
    responses: {
      [answer.status]: json(answer.description, refTo(nameOf(answer.schema)), answer.example),
      ...refusalResponses(refusals),
    },
  };
}

/** The refusals grouped by status: one response each, naming every code it may carry. */
function refusalResponses(codes: readonly RefusalCode[]) {
  const byStatus = new Map<number, RefusalCode[]>();
  for (const code of codes)
    byStatus.set(REFUSALS[code][0], [...(byStatus.get(REFUSALS[code][0]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, group]) => {
      const description = group.map((code) => `\`${code}\`: ${REFUSALS[code][1]}`).join(" ");
      const [code] = group as [RefusalCode];
      const [, message, param] = REFUSALS[code] as readonly [number, string, string?];
      const example = { error: { code, message, ...(param ? { param } : {}) } };
      return [String(status), json(description, refTo("ControlError"), example)];
    }),
  );
}

/**
 * Each field of a query schema as a parameter, its description and example lifted up. A query
 * holds text: the schema's output side shows what the text must read as (an integer, say).
 */
function queryParameters(query: z.ZodObject) {
  return Object.entries(query.shape).map(([name, field]) => {
    const {
      description,
      example,
      $schema: _dialect,
      ...schema
    } = z.toJSONSchema(field as z.ZodType, { ...TO_JSON_SCHEMA, io: "output" }) as JsonSchema;
    return { name, in: "query", required: false, description, schema, example };
  });
}

/** The component name of a schema; every schema an operation uses must have one. */
function nameOf(schema: z.ZodType): string {
  return componentName(NAMED_SCHEMAS, schema, "The control document");
}

function json(description: string, schema: JsonSchema, example: unknown) {
  return { description, content: { "application/json": { schema, example } } };
}
