import { z } from "zod";

/** The failure envelope (api-v1.md §1 convention 3); extra detail lives inside `error`. */
export const ErrorEnvelopeSchema = z.looseObject({
  /** The failure; machine-readable extras (e.g. `channels`, `aiIsmMatches`) sit beside `code`. */
  error: z.looseObject({
    /** The stable error code, e.g. `validation_error`. */
    code: z.string(),
    /** What went wrong, naming the parameter at fault. */
    message: z.string(),
  }),
});

/** The failure envelope `{ error: { code, message } }`. */
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
/** The envelope's `error` object. */
export type ErrorBody = ErrorEnvelope["error"];
