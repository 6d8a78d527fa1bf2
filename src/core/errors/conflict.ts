import { z } from "zod";
import { type AiIsmMatch, AiIsmMatchSchema } from "../../schemas/index.js";
import { APIError, envelopeDetail } from "./api-error.js";
import { nameClass } from "./postline-error.js";

/** 409: the request conflicts with the item's state. */
export class ConflictError extends APIError {
  override readonly status = 409 as const;
}
nameClass(ConflictError, "ConflictError");

/** 409 `published_immutable`: a published item cannot be edited or deleted. */
export class PublishedImmutableError extends ConflictError {
  override readonly code = "published_immutable" as const;
}
nameClass(PublishedImmutableError, "PublishedImmutableError");

const AiIsmMatchesSchema = z.array(AiIsmMatchSchema);

/** The item id in a content URL (`.../content/:id` or `.../content/:id/schedule`). */
const ITEM_URL = /\/content\/([^/?#]+)(?:\/schedule)?(?:[?#]|$)/;

/** What only the SDK knows about an acknowledgment refusal (not in the service's envelope). */
export interface AcknowledgmentRefusalFacts {
  /** The item the refusal is about; read from the URL when not given. */
  readonly itemId?: string | undefined;
  /** The SDK refused locally: the text changed since the review the caller passed. */
  readonly stale?: boolean | undefined;
}

/**
 * 409 `validation_error` with `acknowledgmentRequired`: the text matches AI-ism patterns.
 * `aiIsmMatches` lists them; ask a person (`client.content.review(id)`, then
 * `approve(id, {}, { acknowledge: review })`), retry with `acknowledgeAiIsms: true`, or rewrite
 * the text. With `stale: true` the SDK refused before sending: the text is no longer the one
 * the person saw, and `aiIsmMatches` are the new text's matches (docs/errors.md).
 */
export class AcknowledgmentRequiredError extends ConflictError {
  /** Always `validation_error`, told apart by the envelope's `acknowledgmentRequired`. */
  override readonly code = "validation_error" as const;
  /** The AI-ism matches found in the text at transition time (empty when none were sent). */
  readonly aiIsmMatches: AiIsmMatch[];
  /** The item's id, from the request (`undefined` only for an error built by hand). */
  readonly itemId: string | undefined;
  /**
   * `true` when the SDK refused an `acknowledge` call before sending anything: the item's text
   * changed since the person's review. `false` for the service's own refusal.
   */
  readonly stale: boolean;

  constructor(
    init: ConstructorParameters<typeof APIError>[0],
    facts: AcknowledgmentRefusalFacts = {},
  ) {
    super(init);
    const matches = AiIsmMatchesSchema.safeParse(envelopeDetail(init.body).aiIsmMatches);
    this.aiIsmMatches = matches.success ? matches.data : [];
    this.itemId = facts.itemId ?? itemIdOfUrl(init.url);
    this.stale = facts.stale === true;
  }
}
nameClass(AcknowledgmentRequiredError, "AcknowledgmentRequiredError");

function itemIdOfUrl(url: string): string | undefined {
  const id = ITEM_URL.exec(url)?.[1];
  if (id === undefined) return undefined;
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}
