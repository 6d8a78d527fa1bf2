/**
 * The one HMAC codec of the approval gate: it signs what comes back through a host or a framework
 * (MCP's `requestState`, the tickets kept in a `RunState`, a checkpointer or a review store), so
 * that an edited or moved value is refused before anything is sent. HMAC-SHA256 with the
 * platform's Web Crypto; the wire form is `v1.<payload>.<mac>`, both base64url.
 */
import { InvalidRequestError } from "../../core/errors/local-errors.js";

/** HMAC-SHA256 keys shorter than this are refused. */
const MIN_KEY_BYTES = 32;
/** A signed value longer than this is refused unread: nothing the gate signs comes near it. */
const MAX_STATE_CHARS = 64 * 1024;
const VERSION = "v1";

/** Why a signed value was refused: a fixed reason, never its content. */
type SignedStateFault = "malformed" | "mac" | "expired";

/** Signs values of type `T`, and gives back only values it signed itself. */
export interface SignedStateCodec<T> {
  /** The signed wire form of `payload`. */
  mint(payload: T): Promise<string>;
  /** The payload of a value this codec signed (and not expired), or the fault. */
  open(state: unknown): Promise<{ readonly payload: T } | { readonly fault: SignedStateFault }>;
}

// One random key per process: codecs built apart in one process verify each other's values.
let processKey: Uint8Array<ArrayBuffer> | undefined;

/**
 * The key bytes of a `requestStateKey` option (a string or bytes of at least 32 bytes), or this
 * process's random key when none is given; a bad key is an `InvalidRequestError` naming `param`.
 */
function signingKeyOf(key: unknown, param = "requestStateKey"): Uint8Array<ArrayBuffer> {
  if (key === undefined) {
    processKey ??= globalThis.crypto.getRandomValues(new Uint8Array(MIN_KEY_BYTES));
    return processKey;
  }
  const bytes =
    typeof key === "string"
      ? new TextEncoder().encode(key)
      : key instanceof Uint8Array
        ? key
        : undefined;
  if (bytes === undefined || bytes.length < MIN_KEY_BYTES) {
    throw new InvalidRequestError(
      param,
      `${param} must be a string or Uint8Array of at least ${MIN_KEY_BYTES} bytes`,
    );
  }
  return new Uint8Array(bytes);
}

/**
 * A codec signing with `key` (see {@link signingKeyOf}). With `ttlSeconds`, a value older than
 * that is refused as expired. `purpose` separates the values of different uses under one key: a
 * ticket is never accepted as a `requestState`, nor the reverse.
 */
export function signedStateCodec<T>(
  key: unknown,
  options: { readonly purpose: string; readonly ttlSeconds?: number | undefined },
): SignedStateCodec<T> {
  const keyBytes = signingKeyOf(key);
  const cryptoKey = globalThis.crypto.subtle.importKey(
    "raw",
    keyBytes,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  const signed = (body: string) => new TextEncoder().encode(`${options.purpose}\0${body}`);
  return {
    async mint(payload) {
      const expires =
        options.ttlSeconds === undefined
          ? undefined
          : Math.floor(Date.now() / 1000) + options.ttlSeconds;
      const body = toBase64Url(
        new TextEncoder().encode(JSON.stringify({ p: payload, e: expires })),
      );
      const mac = await globalThis.crypto.subtle.sign("HMAC", await cryptoKey, signed(body));
      return `${VERSION}.${body}.${toBase64Url(new Uint8Array(mac))}`;
    },
    async open(state) {
      if (typeof state !== "string" || state.length > MAX_STATE_CHARS)
        return { fault: "malformed" };
      const [version, body, mac, ...rest] = state.split(".");
      if (version !== VERSION || body === undefined || mac === undefined || rest.length > 0) {
        return { fault: "malformed" };
      }
      const macBytes = fromBase64Url(mac);
      if (macBytes === undefined) return { fault: "malformed" };
      const valid = await globalThis.crypto.subtle.verify(
        "HMAC",
        await cryptoKey,
        macBytes,
        signed(body),
      );
      if (!valid) return { fault: "mac" };
      const decoded = fromBase64Url(body);
      if (decoded === undefined) return { fault: "malformed" };
      let envelope: { p?: T; e?: number | null };
      try {
        envelope = JSON.parse(new TextDecoder().decode(decoded)) as typeof envelope;
      } catch {
        return { fault: "malformed" };
      }
      if (typeof envelope.e === "number" && envelope.e < Math.floor(Date.now() / 1000)) {
        return { fault: "expired" };
      }
      return { payload: envelope.p as T };
    },
  };
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined; // a length no base64 has
  }
}
