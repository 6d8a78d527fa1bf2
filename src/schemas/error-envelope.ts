import { z } from "zod";

/** The failure envelope (api-v1.md §1 convention 3); extra detail lives inside `error`. */
export const ErrorEnvelopeSchema = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
  }),
});

export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
export type ErrorBody = ErrorEnvelope["error"];
