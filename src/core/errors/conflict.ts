import { z } from "zod";
import { type AiIsmMatch, AiIsmMatchSchema } from "../../schemas/index.js";
import { APIError, type APIErrorInit, envelopeDetail } from "./api-error.js";
import { nameClass } from "./postline-error.js";

/** 409: the request conflicts with the item's state. */
export class ConflictError extends APIError {
  static {
    nameClass(ConflictError, "ConflictError");
  }

  override readonly status = 409 as const;
}

/** 409 `published_immutable`: a published item cannot be edited or deleted. */
export class PublishedImmutableError extends ConflictError {
  static {
    nameClass(PublishedImmutableError, "PublishedImmutableError");
  }

  override readonly code = "published_immutable" as const;
}

const AiIsmMatchesSchema = z.array(AiIsmMatchSchema);

/**
 * 409 `validation_error` with `acknowledgmentRequired`: the text matches AI-ism patterns.
 * `aiIsmMatches` lists them; retry with `acknowledgeAiIsms: true`, or rewrite the text.
 */
export class AcknowledgmentRequiredError extends ConflictError {
  static {
    nameClass(AcknowledgmentRequiredError, "AcknowledgmentRequiredError");
  }

  /** Always `validation_error`, told apart by the envelope's `acknowledgmentRequired`. */
  override readonly code = "validation_error" as const;
  /** The AI-ism matches found in the text at transition time (empty when none were sent). */
  readonly aiIsmMatches: AiIsmMatch[];

  constructor(init: APIErrorInit) {
    super(init);
    const matches = AiIsmMatchesSchema.safeParse(envelopeDetail(init.body).aiIsmMatches);
    this.aiIsmMatches = matches.success ? matches.data : [];
  }
}
