import { z } from "zod";
import { type ChannelRef, ChannelRefSchema } from "../../schemas/index.js";
import { APIError, envelopeDetail } from "./api-error.js";
import { nameClass } from "./postline-error.js";

/** 400: the request was refused as invalid. */
export class BadRequestError extends APIError {
  override readonly status = 400 as const;
}
nameClass(BadRequestError, "BadRequestError");

const ChannelRefsSchema = z.array(ChannelRefSchema);

/** 400 `validation_error`: bad input; `channels` lists the choices when no channel was named. */
export class ValidationError extends BadRequestError {
  override readonly code = "validation_error" as const;
  /** The connected channels to choose from, when a request named no channel (api-v1.md §4). */
  readonly channels: ChannelRef[] | undefined;

  constructor(init: ConstructorParameters<typeof APIError>[0]) {
    super(init);
    const listed = ChannelRefsSchema.safeParse(envelopeDetail(init.body).channels);
    this.channels = listed.success ? listed.data : undefined;
  }
}
nameClass(ValidationError, "ValidationError");

/** 400 `missing_input`: `POST /content` needs exactly one of `body` or `prompt`. */
export class MissingInputError extends BadRequestError {
  override readonly code = "missing_input" as const;
}
nameClass(MissingInputError, "MissingInputError");

/** 400 `invalid_status_transition`: the lifecycle move is not allowed. */
export class InvalidStatusTransitionError extends BadRequestError {
  override readonly code = "invalid_status_transition" as const;
}
nameClass(InvalidStatusTransitionError, "InvalidStatusTransitionError");

/** 400 `cannot_revoke_self_in_request`: a token cannot revoke itself. */
export class CannotRevokeSelfError extends BadRequestError {
  override readonly code = "cannot_revoke_self_in_request" as const;
}
nameClass(CannotRevokeSelfError, "CannotRevokeSelfError");
