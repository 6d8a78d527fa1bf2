/**
 * Judges JSON bodies by the OpenAPI document with Ajv, a JSON Schema 2020-12 validator (the
 * dialect of OpenAPI 3.1), formats included: what a response or request body of a route may be.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Json = Record<string, any>;

/** The verdict on one body: valid, or the validator's messages. */
export interface Verdict {
  valid: boolean;
  errors: string[];
}

/** A validator of bodies against `document`'s operations. */
export function documentValidator(document: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, "openapi");

  const judge = (schema: Json | undefined, body: unknown): Verdict => {
    if (!schema) throw new Error("no schema");
    const validate =
      typeof schema.$ref === "string"
        ? ajv.getSchema(`openapi${schema.$ref}`)
        : ajv.compile(schema);
    if (!validate) throw new Error(`unresolved ${schema.$ref}`);
    const valid = validate(body) as boolean;
    const errors = (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    return { valid, errors };
  };
  const operation = (method: string, path: string): Json => {
    const found = document.paths[path]?.[method.toLowerCase()];
    if (!found) throw new Error(`the document has no ${method} ${path}`);
    return found;
  };

  return {
    /** The body of the `status` answer of `method path`. */
    response(method: string, path: string, status: number, body: unknown): Verdict {
      let answer = operation(method, path).responses[String(status)];
      if (answer?.$ref) answer = document.components.responses[answer.$ref.split("/").at(-1)];
      if (!answer) throw new Error(`${method} ${path} documents no ${status}`);
      return judge(answer.content?.["application/json"]?.schema, body);
    },
    /** The request body of `method path`. */
    request(method: string, path: string, body: unknown): Verdict {
      const { requestBody } = operation(method, path);
      return judge(requestBody.content["application/json"].schema, body);
    },
  };
}
