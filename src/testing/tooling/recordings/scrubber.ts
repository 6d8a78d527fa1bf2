/**
 * Scrubbing by the contract (SDK_DESIGN.md §21), before anything is written. The key and every
 * key token seen (a created key's `token`, any `pl_live_…`/`pl_test_…` shape) become
 * `pl_redacted_<n>`; emails become `person-<n>@example.invalid`. One scrubber serves a whole
 * file, so one secret or one person keeps one placeholder across its exchanges and its seed.
 */
import { TOKEN_SHAPE } from "../../../core/redact.js";
import { jsonPath } from "../../fake/model/seed-schema.js";
import { mapStrings } from "./exchange-body.js";

/** Where something secret is left after scrubbing: a JSON path, the secret itself never shown. */
export class SecretLeftError extends Error {
  readonly path: string;

  constructor(path: string) {
    super(`a secret is left at ${path}`);
    this.name = "SecretLeftError";
    this.path = path;
  }
}

// An address as text or URL-encoded in a query (`%40`).
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gi;
const EMAIL_PLACEHOLDER = /^person-\d+@example\.invalid$/;
// The secret part of a token, after its prefix: a server may echo only that.
const SECRET_PART = /^[A-Za-z0-9]+_(?:live|test)_(.+)$/;
// Shorter secret parts would match ordinary text.
const MIN_SECRET_PART = 8;

/** The scrubber of one recording file. */
export class Scrubber {
  /** Each secret text (a token, its secret part, URL-encoded forms) to its placeholder. */
  readonly #secrets = new Map<string, string>();
  readonly #emails = new Map<string, string>();
  #tokenCount = 0;

  /** Notes a token (the caller's key, a created key's token); its placeholder is returned. */
  noteToken(token: string): string {
    const known = this.#secrets.get(token);
    if (known !== undefined) return known;
    const placeholder = `pl_redacted_${++this.#tokenCount}`;
    const secretPart = SECRET_PART.exec(token)?.[1];
    const forms = [token, encodeURIComponent(token)];
    if (secretPart !== undefined && secretPart.length >= MIN_SECRET_PART)
      forms.push(secretPart, encodeURIComponent(secretPart));
    for (const form of forms) if (!this.#secrets.has(form)) this.#secrets.set(form, placeholder);
    return placeholder;
  }

  /** A scrubbed copy of `value`; the value itself is left as it is. */
  scrub<T>(value: T): T {
    this.#noteTokensIn(value);
    return mapStrings(value, (text) => this.#scrubText(text)) as T;
  }

  /**
   * Throws {@link SecretLeftError} naming the first place in `value` (keys included) holding a
   * token seen, anything shaped like a token, or an address that is no placeholder.
   */
  assertClean(value: unknown, path: readonly PropertyKey[] = []): void {
    if (typeof value === "string") {
      if (this.#holdsSecret(value)) throw new SecretLeftError(jsonPath(path));
      return;
    }
    if (value === null || typeof value !== "object") return;
    for (const [index, [name, entry]] of Object.entries(value).entries()) {
      // A secret in a key is named by its position, never by the key itself.
      if (this.#holdsSecret(name)) throw new SecretLeftError(`${jsonPath(path)}[key ${index}]`);
      this.assertClean(entry, [...path, Array.isArray(value) ? index : name]);
    }
  }

  #holdsSecret(text: string): boolean {
    for (const secret of this.#secrets.keys()) if (text.includes(secret)) return true;
    if (new RegExp(TOKEN_SHAPE.source).test(text)) return true;
    for (const match of text.matchAll(EMAIL)) if (!EMAIL_PLACEHOLDER.test(match[0])) return true;
    return false;
  }

  /** Registers every token the value carries, so each string below gets the same placeholders. */
  #noteTokensIn(value: unknown): void {
    if (typeof value === "string") {
      for (const match of value.matchAll(TOKEN_SHAPE)) this.noteToken(match[0]);
      return;
    }
    if (value === null || typeof value !== "object") return;
    for (const [name, entry] of Object.entries(value)) {
      // A created key's `token` (api-v1.md §2.6), whatever its shape.
      if (name === "token" && typeof entry === "string" && entry.length > 0) this.noteToken(entry);
      this.#noteTokensIn(entry);
    }
  }

  #scrubText(text: string): string {
    let out = text;
    // Longest first: a token goes before its own secret part.
    const secrets = [...this.#secrets.keys()].sort((a, b) => b.length - a.length);
    for (const secret of secrets) {
      if (out.includes(secret)) out = out.split(secret).join(this.#secrets.get(secret));
    }
    out = out.replace(TOKEN_SHAPE, (token) => this.noteToken(token));
    return out.replace(EMAIL, (address) => this.#emailPlaceholder(address));
  }

  #emailPlaceholder(address: string): string {
    if (EMAIL_PLACEHOLDER.test(address)) return address;
    const person = address.replace(/%40/i, "@").toLowerCase();
    let placeholder = this.#emails.get(person);
    if (placeholder === undefined) {
      placeholder = `person-${this.#emails.size + 1}@example.invalid`;
      this.#emails.set(person, placeholder);
    }
    return placeholder;
  }
}
