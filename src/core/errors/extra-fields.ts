import { z } from "zod";
import {
  type AiIsmMatch,
  AiIsmMatchSchema,
  type ChannelRef,
  ChannelRefSchema,
} from "../../schemas/index.js";
import { readRateLimitHeaders } from "../rate-limit-headers.js";
import { type APIErrorInit, envelopeDetail } from "./api-error.js";

// Kept importable from here for the transport; the parsing itself lives in one place.
export { parseRetryAfterSeconds } from "../rate-limit-headers.js";

/** The fields some error classes carry beside those of every `APIError` (docs/errors.md). */
export interface ExtraFields {
  ScopeRequiredError: {
    /** The scope the route needs (`read`, `write` or `admin`), when the service names one. */
    readonly requiredScope?: string;
  };
  AcknowledgmentRequiredError: {
    /** The AI-ism matches found in the text at transition time. */
    readonly aiIsmMatches: AiIsmMatch[];
  };
  ValidationError: {
    /** The connected channels to choose from, when a request named no channel. */
    readonly channels?: ChannelRef[];
  };
  RateLimitError: {
    /** Seconds to wait before the next request (`Retry-After`). */
    readonly retryAfterSeconds: number | undefined;
    /** The window's size (`X-RateLimit-Limit`). */
    readonly limit: number | undefined;
    /** Requests left in the window (`X-RateLimit-Remaining`). */
    readonly remaining: number | undefined;
    /** When the window rolls over (`X-RateLimit-Reset`, Unix seconds). */
    readonly resetAt: Date | undefined;
  };
}

type ExtraFieldReaders = { [N in keyof ExtraFields]: (init: APIErrorInit) => ExtraFields[N] };

const AiIsmMatchesSchema = z.array(AiIsmMatchSchema);
const ChannelRefsSchema = z.array(ChannelRefSchema);
const SCOPE_WORD = /\b(read|write|admin)\b/i;
const QUOTED_SCOPE = /["'`](read|write|admin)["'`]/i;

/** How each class with extra fields reads them from the response. */
export const EXTRA_FIELD_READERS: ExtraFieldReaders = {
  ScopeRequiredError(init) {
    const named = envelopeDetail(init.body).requiredScope ?? envelopeDetail(init.body).scope;
    if (typeof named === "string" && named) return { requiredScope: named };
    // api-v1.md §5 rule 4: the message names the scope.
    const match = QUOTED_SCOPE.exec(init.message) ?? SCOPE_WORD.exec(init.message);
    return match?.[1] ? { requiredScope: match[1].toLowerCase() } : {};
  },
  AcknowledgmentRequiredError(init) {
    const parsed = AiIsmMatchesSchema.safeParse(envelopeDetail(init.body).aiIsmMatches);
    return { aiIsmMatches: parsed.success ? parsed.data : [] };
  },
  ValidationError(init) {
    const parsed = ChannelRefsSchema.safeParse(envelopeDetail(init.body).channels);
    return parsed.success ? { channels: parsed.data } : {};
  },
  RateLimitError(init) {
    const announced = readRateLimitHeaders(init.headers);
    return {
      ...announced,
      retryAfterSeconds:
        announced.retryAfterSeconds ?? envelopeRetryAfterSeconds(envelopeDetail(init.body)),
    };
  },
};

/** The envelope's `error.retryAfterSeconds`, when it is a finite number. */
function envelopeRetryAfterSeconds({
  retryAfterSeconds,
}: Record<string, unknown>): number | undefined {
  return Number.isFinite(retryAfterSeconds) ? (retryAfterSeconds as number) : undefined;
}
