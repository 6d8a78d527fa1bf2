import { APIError } from "./api-error.js";
import { nameClass } from "./postline-error.js";

/**
 * 404: no such resource in this workspace, including other workspaces' resources. The class of
 * the `not_found` code and of any other 404.
 */
export class NotFoundError extends APIError {
  override readonly status = 404 as const;
}
nameClass(NotFoundError, "NotFoundError");

/** 404 `workspace_not_found`: the workspace behind the key is gone. */
export class WorkspaceNotFoundError extends NotFoundError {
  override readonly code = "workspace_not_found" as const;
}
nameClass(WorkspaceNotFoundError, "WorkspaceNotFoundError");
