import { APIError, envelopeDetail } from "./api-error.js";
import { nameClass } from "./postline-error.js";

/** 403: the key or its owner may not do this. */
export class PermissionDeniedError extends APIError {
  override readonly status = 403 as const;
}
nameClass(PermissionDeniedError, "PermissionDeniedError");

/** 403 `forbidden`: the key owner's workspace role is below the route's requirement. */
export class ForbiddenError extends PermissionDeniedError {
  override readonly code = "forbidden" as const;
}
nameClass(ForbiddenError, "ForbiddenError");

const SCOPE_WORD = /\b(read|write|admin)\b/i;
const QUOTED_SCOPE = /["'`](read|write|admin)["'`]/i;

/** The scope a `scope_required` response names: in the envelope, else in its message. */
function requiredScopeOf(init: ConstructorParameters<typeof APIError>[0]): string | undefined {
  const detail = envelopeDetail(init.body);
  const named = detail.requiredScope ?? detail.scope;
  if (typeof named === "string" && named) return named;
  // api-v1.md §5 rule 4: the message names the scope.
  const match = QUOTED_SCOPE.exec(init.message) ?? SCOPE_WORD.exec(init.message);
  return match?.[1]?.toLowerCase();
}

/** 403 `scope_required`: the key's scopes do not cover the route; `requiredScope` names it. */
export class ScopeRequiredError extends PermissionDeniedError {
  override readonly code = "scope_required" as const;
  /** The scope the route needs (`read`, `write` or `admin`), when the service names one. */
  readonly requiredScope: string | undefined;

  constructor(init: ConstructorParameters<typeof APIError>[0]) {
    super(init);
    this.requiredScope = requiredScopeOf(init);
  }
}
nameClass(ScopeRequiredError, "ScopeRequiredError");

/** 403 `generation_limit`: the monthly generation quota ran out before anything was created. */
export class GenerationLimitError extends PermissionDeniedError {
  override readonly code = "generation_limit" as const;
}
nameClass(GenerationLimitError, "GenerationLimitError");

/** 403 `workspace_suspended`: the workspace is suspended. */
export class WorkspaceSuspendedError extends PermissionDeniedError {
  override readonly code = "workspace_suspended" as const;
}
nameClass(WorkspaceSuspendedError, "WorkspaceSuspendedError");
