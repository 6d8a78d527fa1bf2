import { APIError } from "./api-error.js";
import { nameClass } from "./postline-error.js";

/**
 * `unknown_tool`: no tool of that name (tool protocol only). The contract shows no status for
 * it, so the class sits directly under `APIError` and `status` is whatever was answered.
 */
export class UnknownToolError extends APIError {
  override readonly code = "unknown_tool" as const;
}
nameClass(UnknownToolError, "UnknownToolError");
