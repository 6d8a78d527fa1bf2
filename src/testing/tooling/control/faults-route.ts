/**
 * `POST /fake/faults`, `GET /fake/faults`, `DELETE /fake/faults`: inject, list and clear faults
 * through `service.faults` (every kind of `service.faults.inject`, `times` or `always`, and a
 * `probability` with a `seed` so a random fault hits the same requests run after run).
 */
import { z } from "zod";
import type { FaultKind } from "../../fake/faults/fault-kind.js";
import type { FaultHandle, FaultSpec } from "../../fake/faults/registry.js";
import type { FakeResponse } from "../../fake/http/fake-response.js";
import type { FakeService } from "../../fake/service.js";
import { controlError, controlJson } from "./control-answers.js";
import { readControlBody } from "./control-body.js";
import type { OwnRouteRequest } from "./control-request.js";

/** The longest `delay` over HTTP: a delay holds a connection open. */
const MAX_DELAY_MS = 120_000;

const match = {
  method: z
    .string()
    .regex(/^[A-Za-z]+$/)
    .optional()
    .describe("Any method when absent"),
  path: z
    .string()
    .startsWith("/")
    .describe("A path under /api/v1, e.g. /content or /content/:id/schedule (* is any segment)"),
  times: z.int().positive().optional().describe("How many matching requests (default 1)"),
  always: z.boolean().optional().describe("Every matching request until cleared"),
  probability: z
    .number()
    .gt(0)
    .lte(1)
    .optional()
    .describe("The chance it applies to a matching request (default 1)"),
  seed: z.int().optional().describe("Seeds the draws, so the same requests are hit each run"),
};

const kinds = [
  z.strictObject({
    kind: z.literal("status"),
    status: z.int().min(200).max(599),
    body: z.unknown().optional(),
    headers: z
      .record(
        z
          .string()
          .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "a header name: letters, digits and - only"),
        z.string().regex(/^[^\r\n\0]*$/, "a header value on one line: no CR, LF or NUL"),
      )
      .optional()
      .describe('Headers to answer with, e.g. { "retry-after": "5" }'),
    ...match,
  }),
  z.strictObject({
    kind: z.literal("html"),
    status: z.int().min(400).max(599).optional(),
    ...match,
  }),
  z.strictObject({ kind: z.literal("dropAfterWrite"), ...match }),
  z.strictObject({ kind: z.literal("refuseBeforeWrite"), ...match }),
  z.strictObject({
    kind: z.literal("delay"),
    ms: z.int().nonnegative().max(MAX_DELAY_MS),
    ...match,
  }),
  z.strictObject({ kind: z.literal("truncatedJson"), ...match }),
  z.strictObject({ kind: z.literal("schemaBreak"), ...match }),
  z.strictObject({
    kind: z.literal("rateLimited"),
    retryAfterSeconds: z.int().nonnegative().optional(),
    ...match,
  }),
  z.strictObject({ kind: z.literal("transitionFailed"), ...match }),
] as const;

/** The body of `POST /fake/faults`: a fault spec as JSON. */
export const FaultBodySchema = z.discriminatedUnion("kind", kinds);

/** Every kind the control plane takes. */
const FAULT_KINDS = kinds.map((kind) => kind.shape.kind.value);

// A kind added to `FaultKind` without a schema here is a compile error.
type MissingKinds = Exclude<FaultKind["kind"], z.output<typeof FaultBodySchema>["kind"]>;
const everyKind: [MissingKinds] extends [never] ? true : MissingKinds = true;
void everyKind;

/** Answers `POST /fake/faults`. */
export async function answerFaultInject(
  service: FakeService,
  request: OwnRouteRequest,
): Promise<FakeResponse> {
  const body = await readControlBody(request, z.looseObject({ kind: z.unknown() }));
  if (!body.ok) return body.response;
  // An unknown kind is named with the kinds there are, before the kind's own fields.
  if (!FAULT_KINDS.includes(body.value.kind as never)) {
    return controlError(
      400,
      "invalid_body",
      `Invalid \`$.kind\`: ${JSON.stringify(body.value.kind) ?? "nothing"} is not a fault kind; one of ${FAULT_KINDS.join(", ")}.`,
      {
        param: "$.kind",
        problems: [{ path: "$.kind", message: `one of ${FAULT_KINDS.join(", ")}` }],
      },
    );
  }
  const spec = await readControlBody(request, FaultBodySchema);
  if (!spec.ok) return spec.response;
  try {
    // zod leaves an absent optional key absent, as `exactOptionalPropertyTypes` wants.
    return controlJson(201, faultView(service.faults.inject(spec.value as FaultSpec)));
  } catch (error) {
    return controlError(400, "invalid_body", (error as Error).message, { param: "body" });
  }
}

/** Answers `GET /fake/faults`: the faults that still apply, in the order they match. */
export function answerFaultList(service: FakeService): FakeResponse {
  return controlJson(200, { faults: service.faults.active.map(faultView) });
}

/** Answers `DELETE /fake/faults`: removes every fault. */
export function answerFaultClear(service: FakeService): FakeResponse {
  const removed = service.faults.active.length;
  service.faults.clear();
  return controlJson(200, { removed });
}

/** A fault as JSON: its spec, with `remaining` `null` for `always`. */
function faultView(handle: FaultHandle) {
  const { spec } = handle;
  return {
    ...spec,
    path: spec.path instanceof RegExp ? String(spec.path) : spec.path,
    remaining: Number.isFinite(handle.remaining) ? handle.remaining : null,
    hits: handle.hits,
  };
}
