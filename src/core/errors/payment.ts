import { APIError } from "./api-error.js";
import { nameClass } from "./postline-error.js";

/** 402: the workspace's subscription or credits do not cover the call. */
export class PaymentRequiredError extends APIError {
  override readonly status = 402 as const;
}
nameClass(PaymentRequiredError, "PaymentRequiredError");

/** 402 `subscription_inactive`: the workspace's subscription expired. */
export class SubscriptionInactiveError extends PaymentRequiredError {
  override readonly code = "subscription_inactive" as const;
}
nameClass(SubscriptionInactiveError, "SubscriptionInactiveError");

/** 402 `x_url_credit_required`: scheduling an `x` post with a link needs URL credits. */
export class XUrlCreditRequiredError extends PaymentRequiredError {
  override readonly code = "x_url_credit_required" as const;
}
nameClass(XUrlCreditRequiredError, "XUrlCreditRequiredError");
