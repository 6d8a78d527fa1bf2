import { APIError } from "./api-error.js";
import { nameClass } from "./postline-error.js";

/** Any 5xx: the service failed. `status` is the one it answered with. */
export class ServerError extends APIError {}
nameClass(ServerError, "ServerError");

/** 500 `internal_error`: a server fault. Retried for `GET` only. */
export class InternalServerError extends ServerError {
  override readonly status = 500 as const;
  override readonly code = "internal_error" as const;
}
nameClass(InternalServerError, "InternalServerError");

/** 500 `transition_failed`: accepted but not completed; re-read the item. Never retried. */
export class TransitionFailedError extends ServerError {
  override readonly status = 500 as const;
  override readonly code = "transition_failed" as const;
}
nameClass(TransitionFailedError, "TransitionFailedError");

/** 502 `publish_failed`: the publishing provider rejected the schedule; the item is `failed`. */
export class PublishFailedError extends ServerError {
  override readonly status = 502 as const;
  override readonly code = "publish_failed" as const;
}
nameClass(PublishFailedError, "PublishFailedError");

/** 503 `capacity_unknown`: the cap could not be read; not a quota refusal. Retried. */
export class CapacityUnknownError extends ServerError {
  override readonly status = 503 as const;
  override readonly code = "capacity_unknown" as const;
}
nameClass(CapacityUnknownError, "CapacityUnknownError");
