import { APIError } from "./api-error.js";
import { nameClass } from "./postline-error.js";

/** Any 5xx: the service failed. `status` is the one it answered with. */
export class ServerError extends APIError {
  static {
    nameClass(ServerError, "ServerError");
  }
}

/** 500 `internal_error`: a server fault. Retried for `GET` only. */
export class InternalServerError extends ServerError {
  static {
    nameClass(InternalServerError, "InternalServerError");
  }

  override readonly status = 500 as const;
  override readonly code = "internal_error" as const;
}

/** 500 `transition_failed`: accepted but not completed; re-read the item. Never retried. */
export class TransitionFailedError extends ServerError {
  static {
    nameClass(TransitionFailedError, "TransitionFailedError");
  }

  override readonly status = 500 as const;
  override readonly code = "transition_failed" as const;
}

/** 502 `publish_failed`: the publishing provider rejected the schedule; the item is `failed`. */
export class PublishFailedError extends ServerError {
  static {
    nameClass(PublishFailedError, "PublishFailedError");
  }

  override readonly status = 502 as const;
  override readonly code = "publish_failed" as const;
}

/** 503 `capacity_unknown`: the cap could not be read; not a quota refusal. Retried. */
export class CapacityUnknownError extends ServerError {
  static {
    nameClass(CapacityUnknownError, "CapacityUnknownError");
  }

  override readonly status = 503 as const;
  override readonly code = "capacity_unknown" as const;
}
