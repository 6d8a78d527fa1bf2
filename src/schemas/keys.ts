import { z } from "zod";
import { notShown } from "./not-shown.js";
import { openEnum } from "./open-enum.js";

/** Key scopes; they cascade `admin` > `write` > `read`. */
export const KEY_SCOPES = ["read", "write", "admin"] as const;
/** A key scope: one of {@link KEY_SCOPES}, or a newer one. */
export const KeyScopeSchema = openEnum(KEY_SCOPES);

/**
 * An agent key record (api-v1.md §2.6). The contract shows `name` and `scopes`; other fields are
 * kept as sent. It never carries the token.
 */
export const AgentKeySchema = z.looseObject({
  /**
   * The key's id (for `keys.get` / `keys.revoke`). The contract does not show its type, so any
   * value passes; pass it on with `String(key.id)`.
   */
  id: notShown,
  /** As given to `keys.create`. */
  name: z.string(),
  /** Its scopes; they cascade `admin` > `write` > `read`. */
  scopes: z.array(KeyScopeSchema),
});

/**
 * The `POST /keys` response: the only object that ever carries `token`. The contract shows only
 * that it includes the token, so the record's other fields are kept as sent, when sent.
 */
export const CreatedAgentKeySchema = AgentKeySchema.partial().extend({
  /** The bearer token. Shown once, here only: store it as a secret. */
  token: z.string(),
});

/** `GET /keys` response. */
export const KeyListResponseSchema = z.looseObject({
  /** Active and revoked keys, never a token. */
  keys: z.array(AgentKeySchema),
});

/** `"read"`, `"write"` or `"admin"`, or a scope newer than this SDK (`KEY_SCOPES` lists the known ones). */
export type KeyScope = z.infer<typeof KeyScopeSchema>;
/** An agent key record (never carries the token). */
export type AgentKey = z.infer<typeof AgentKeySchema>;
/** A newly created key, with its token. */
export type CreatedAgentKey = z.infer<typeof CreatedAgentKeySchema>;
