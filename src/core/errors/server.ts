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

  /** Always 500. */
  declare readonly status: 500;
  /** Always `internal_error`. */
  declare readonly code: "internal_error";
}

/** 500 `transition_failed`: accepted but not completed; re-read the item. Never retried. */
export class TransitionFailedError extends ServerError {
  static {
    nameClass(TransitionFailedError, "TransitionFailedError");
  }

  /** Always 500. */
  declare readonly status: 500;
  /** Always `transition_failed`. */
  declare readonly code: "transition_failed";
}

/** 502 `publish_failed`: the publishing provider rejected the schedule; the item is `failed`. */
export class PublishFailedError extends ServerError {
  static {
    nameClass(PublishFailedError, "PublishFailedError");
  }

  /** Always 502. */
  declare readonly status: 502;
  /** Always `publish_failed`. */
  declare readonly code: "publish_failed";
}

/** 503 `capacity_unknown`: the cap could not be read; not a quota refusal. Retried. */
export class CapacityUnknownError extends ServerError {
  static {
    nameClass(CapacityUnknownError, "CapacityUnknownError");
  }

  /** Always 503. */
  declare readonly status: 503;
  /** Always `capacity_unknown`. */
  declare readonly code: "capacity_unknown";
}
