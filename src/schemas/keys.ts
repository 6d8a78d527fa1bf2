import { z } from "zod";
import { openEnum } from "./open-enum.js";

/** Key scopes; they cascade `admin` > `write` > `read`. */
export const KEY_SCOPES = ["read", "write", "admin"] as const;
export const KeyScopeSchema = openEnum(KEY_SCOPES);

/**
 * An agent key record (api-v1.md §2.6). The contract shows `name` and `scopes`; other fields are
 * kept as sent. It never carries the token.
 */
export const AgentKeySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  scopes: z.array(KeyScopeSchema),
});

/** The `POST /keys` response: the only object that ever carries `token`. */
export const CreatedAgentKeySchema = AgentKeySchema.extend({
  token: z.string(),
});

/** `GET /keys` response. */
export const KeyListResponseSchema = z.looseObject({
  keys: z.array(AgentKeySchema),
});

export type KeyScope = z.infer<typeof KeyScopeSchema>;
export type AgentKey = z.infer<typeof AgentKeySchema>;
export type CreatedAgentKey = z.infer<typeof CreatedAgentKeySchema>;
