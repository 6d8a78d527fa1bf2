import type { RequestOptions } from "../core/request-options.js";
import {
  type AgentKey,
  AgentKeySchema,
  type CreatedAgentKey,
  CreatedAgentKeySchema,
  KEY_SCOPES,
  KeyListResponseSchema,
  type KeyScope,
} from "../schemas/index.js";
import { oneOf, paramsObject, pathId, requiredString, requiredStringList } from "./input-checks.js";
import { requestParsed } from "./parse-response.js";
import type { ResourceContext } from "./resource-context.js";

/** Input of `keys.create`. */
export interface KeyCreateParams {
  /** A label for the key. */
  name: string;
  /** `read`, `write` and/or `admin`; they cascade (`admin` includes `write` includes `read`). */
  scopes: KeyScope[];
}

/** Agent keys (`/keys`, admin scope). */
export class KeysResource {
  readonly #ctx: ResourceContext;

  /** @internal */
  constructor(ctx: ResourceContext) {
    this.#ctx = ctx;
  }

  /**
   * Lists the workspace's keys, active and revoked. No secret is ever included.
   *
   * @example
   * ```ts
   * for (const key of await client.keys.list()) console.log(key.id, key.name, key.scopes);
   * ```
   */
  async list(options?: RequestOptions): Promise<AgentKey[]> {
    const request = { operation: "keys.list", method: "GET", path: "keys", options } as const;
    return (await requestParsed(this.#ctx, KeyListResponseSchema, request)).keys;
  }

  /**
   * Reads one key.
   *
   * @example
   * ```ts
   * const key = await client.keys.get("key_123");
   * console.log(key.name, key.scopes);
   * ```
   */
  async get(id: AgentKey["id"], options?: RequestOptions): Promise<AgentKey> {
    const request = { operation: "keys.get", method: "GET", path: keyPath(id), options } as const;
    return requestParsed(this.#ctx, AgentKeySchema, request, "key");
  }

  /**
   * Creates a key. The result is the only object that ever carries the new key's `token`:
   * store it now, it cannot be read again.
   *
   * @example
   * ```ts
   * const { token } = await client.keys.create({ name: "reporting", scopes: ["read"] });
   * ```
   */
  async create(params: KeyCreateParams, options?: RequestOptions): Promise<CreatedAgentKey> {
    const input = paramsObject(params);
    const body = {
      name: requiredString("name", input.name),
      // api-v1.md §4 POST /keys: the three scopes only; the service refuses any other.
      scopes: requiredStringList("scopes", input.scopes).map((scope, index) =>
        oneOf(`scopes[${index}]`, scope, KEY_SCOPES),
      ),
    };
    const request = {
      operation: "keys.create",
      method: "POST",
      path: "keys",
      body,
      options,
    } as const;
    return requestParsed(this.#ctx, CreatedAgentKeySchema, request, "key");
  }

  /**
   * Revokes a key. Idempotent; a token cannot revoke itself (`CannotRevokeSelfError`): rotate by
   * revoking the old key with its successor.
   *
   * @example
   * ```ts
   * const next = await admin.keys.create({ name: "agent (rotated)", scopes: ["read", "write", "admin"] });
   * const rotated = new Postline({ apiKey: next.token, baseURL });
   * await rotated.keys.revoke(oldKeyId);
   * ```
   */
  async revoke(id: AgentKey["id"], options?: RequestOptions): Promise<void> {
    await this.#ctx.transport.request({
      operation: "keys.revoke",
      method: "DELETE",
      path: keyPath(id),
      options,
    });
  }
}

/**
 * The path of one key. The contract does not show the id's type, so `keys.get` and
 * `keys.revoke` take the `id` of a key record as read: a string, or a whole number.
 */
function keyPath(id: unknown): string {
  return `keys/${pathId("id", Number.isSafeInteger(id) ? String(id) : id)}`;
}
