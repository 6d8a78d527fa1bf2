import { APIError } from "./api-error.js";
import { nameClass } from "./postline-error.js";

/** 401: no usable credential. */
export class AuthenticationError extends APIError {
  override readonly status = 401 as const;
}
nameClass(AuthenticationError, "AuthenticationError");

/** 401 `missing_authorization`: no Authorization header was sent. */
export class MissingAuthorizationError extends AuthenticationError {
  override readonly code = "missing_authorization" as const;
}
nameClass(MissingAuthorizationError, "MissingAuthorizationError");

/** 401 `invalid_api_key`: the token is malformed, unknown, revoked, or of the wrong environment. */
export class InvalidApiKeyError extends AuthenticationError {
  override readonly code = "invalid_api_key" as const;
}
nameClass(InvalidApiKeyError, "InvalidApiKeyError");
