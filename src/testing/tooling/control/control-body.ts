/**
 * Reads a control write's body once and checks it against its zod schema: a bad body is refused
 * whole (400, the field's JSON path as `param`, every problem in `problems`) and changes nothing.
 */
import type { z } from "zod";
import type { FakeResponse } from "../../fake/http/fake-response.js";
import { jsonPath } from "../../fake/model/seed-schema.js";
import { controlError } from "./control-answers.js";
import { MAX_CONTROL_BODY_BYTES, type OwnRouteRequest } from "./control-request.js";

/** The checked body, or the refusal to answer. */
export type ControlBody<T> = { ok: true; value: T } | { ok: false; response: FakeResponse };

/**
 * Reads and checks the body; an empty body is read as `{}`.
 */
export async function readControlBody<S extends z.ZodType>(
  request: OwnRouteRequest,
  schema: S,
): Promise<ControlBody<z.output<S>>> {
  const text = await request.body();
  if (text === null) {
    return refuse(
      controlError(
        413,
        "body_too_large",
        `The body is over ${MAX_CONTROL_BODY_BYTES} bytes, the control plane's cap.`,
        { param: "body" },
      ),
    );
  }
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      return refuse(controlError(400, "invalid_json", "The body is not JSON.", { param: "body" }));
    }
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems = parsed.error.issues.map((issue) => ({
    path: jsonPath(issue.path),
    message: issue.message,
  }));
  const [first] = problems;
  return refuse(
    controlError(400, "invalid_body", `Invalid \`${first?.path}\`: ${first?.message}`, {
      param: first?.path,
      problems,
    }),
  );
}

function refuse(response: FakeResponse): { ok: false; response: FakeResponse } {
  return { ok: false, response };
}
