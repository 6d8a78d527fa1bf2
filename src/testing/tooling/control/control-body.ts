/**
 * Reads a control write's body once and checks it against its zod schema: a bad body is refused
 * whole (400, the field's JSON path as `param`, every problem in `problems`) and changes nothing.
 */
import { z } from "zod";
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
  const problems = parsed.error.issues.map((issue) => problemOf(issue, schema));
  const [first] = problems;
  return refuse(
    controlError(400, "invalid_body", `Invalid \`${first?.path}\`: ${first?.message}`, {
      param: first?.path,
      problems,
    }),
  );
}

type Issue = z.core.$ZodIssue;

/**
 * One problem, with the JSON path of the field at fault. A body that matches none of a union's
 * forms (`POST /fake/clock`) is named by the field that fits no form, or the field of the one
 * form its keys fit, and every form is listed, rather than zod's bare "Invalid input" at `$`.
 */
function problemOf(issue: Issue, schema: z.ZodType): { path: string; message: string } {
  if (issue.code === "unrecognized_keys" && issue.keys[0] !== undefined) {
    const fields = issue.path.length === 0 ? fieldsOf(schema) : undefined;
    return {
      path: jsonPath([...issue.path, issue.keys[0]]),
      message: `not a field of this body${fields ? `; the fields are ${fields}` : ""}`,
    };
  }
  if (issue.code !== "invalid_union" || issue.errors.length === 0) {
    return { path: jsonPath(issue.path), message: issue.message };
  }
  const forms = issue.path.length === 0 ? formsOf(schema) : undefined;
  const allowed = forms ? `; the body is one of ${forms}` : "";
  const fitting = issue.errors.filter(
    (branch) => !branch.some((inner) => inner.code === "unrecognized_keys"),
  );
  const [only] = fitting;
  if (fitting.length === 1 && only && only.length > 0) {
    const [inner] = only as [Issue];
    return {
      path: jsonPath([...issue.path, ...inner.path]),
      message: `${inner.message}${allowed}`,
    };
  }
  // Keys no form knows: name the first.
  const unknown = issue.errors
    .flat()
    .find((inner): inner is z.core.$ZodIssueUnrecognizedKeys => inner.code === "unrecognized_keys");
  const keys = fitting.length === 0 ? unknown?.keys : undefined;
  if (keys?.[0] !== undefined) {
    return {
      path: jsonPath([...issue.path, keys[0]]),
      message: `not a field of this body${allowed}`,
    };
  }
  return { path: jsonPath(issue.path), message: `matches no form${allowed}` };
}

/** An object's fields, e.g. `name, scopes, live`. */
function fieldsOf(schema: z.ZodType): string | undefined {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape).join(", ") : undefined;
}

/** A union of objects' forms, e.g. `{ "advance": … } (Milliseconds to move forward), ...`. */
function formsOf(schema: z.ZodType): string | undefined {
  if (!(schema instanceof z.ZodUnion)) return undefined;
  const forms = (schema.options as readonly z.ZodType[]).map((option) => {
    if (!(option instanceof z.ZodObject)) return undefined;
    const fields = Object.entries(option.shape as Record<string, z.ZodType>);
    const keys = fields.map(([key]) => `"${key}": …`).join(", ");
    const said = fields.map(([, field]) => field.description).filter(Boolean);
    return `{ ${keys} }${said.length > 0 ? ` (${said.join("; ")})` : ""}`;
  });
  return forms.every((form) => form !== undefined) ? forms.join(", ") : undefined;
}

function refuse(response: FakeResponse): { ok: false; response: FakeResponse } {
  return { ok: false, response };
}
