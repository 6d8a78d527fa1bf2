/**
 * One answer of the fake against the recorded one: the status, the error code, then the body's
 * fields and values. Times, tokens, emails, cursors and error messages are compared by kind, not
 * value: each side makes its own, and a message is prose.
 */
import { TOKEN_SHAPE } from "../../../core/redact.js";

/** An answer as the check compares it. */
export interface ComparedAnswer {
  readonly status: number;
  readonly body: unknown;
}

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const PLACEHOLDER_TOKEN = /^pl_redacted_\d+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Made by each side on its own: compared as "a string" (or null), never by value.
const OPAQUE_FIELDS = new Set(["nextCursor", "message"]);

/** What differs, one phrase each; empty when the fake answered as recorded. */
export function compareAnswer(recorded: ComparedAnswer, fake: ComparedAnswer): string[] {
  const problems: string[] = [];
  if (recorded.status !== fake.status)
    problems.push(`status ${recorded.status} recorded, ${fake.status} from the fake`);
  const recordedCode = errorCodeOf(recorded.body);
  const fakeCode = errorCodeOf(fake.body);
  if (recordedCode !== fakeCode)
    problems.push(
      `error code ${recordedCode ?? "none"} recorded, ${fakeCode ?? "none"} from the fake`,
    );
  compareValue(recorded.body, fake.body, "body", problems);
  return problems;
}

function errorCodeOf(body: unknown): string | undefined {
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === "string" ? code : undefined;
}

/** The kind a string is compared by, or `undefined` when its value counts. */
function kindOf(value: string): string | undefined {
  if (TIME.test(value)) return "a time";
  if (PLACEHOLDER_TOKEN.test(value) || new RegExp(`^${TOKEN_SHAPE.source}$`).test(value))
    return "a key token";
  if (EMAIL.test(value)) return "an email";
  return undefined;
}

function describe(value: unknown): string {
  if (typeof value === "string")
    return kindOf(value) ?? JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  return JSON.stringify(value);
}

function compareValue(recorded: unknown, fake: unknown, at: string, problems: string[]): void {
  if (Array.isArray(recorded) && Array.isArray(fake)) {
    if (recorded.length !== fake.length)
      problems.push(`${at} has ${recorded.length} entries recorded, ${fake.length} from the fake`);
    const shared = Math.min(recorded.length, fake.length);
    for (let index = 0; index < shared; index++)
      compareValue(recorded[index], fake[index], `${at}[${index}]`, problems);
    return;
  }
  if (isObject(recorded) && isObject(fake)) {
    for (const name of Object.keys(recorded)) {
      const path = `${at}.${name}`;
      if (!Object.hasOwn(fake, name)) problems.push(`${path} recorded, missing from the fake`);
      else if (OPAQUE_FIELDS.has(name)) compareOpaque(recorded[name], fake[name], path, problems);
      else compareValue(recorded[name], fake[name], path, problems);
    }
    for (const name of Object.keys(fake)) {
      if (!Object.hasOwn(recorded, name))
        problems.push(`${at}.${name} from the fake, not recorded`);
    }
    return;
  }
  // Two strings of one kind (two times, two tokens) agree whatever their values.
  const kind = typeof recorded === "string" ? kindOf(recorded) : undefined;
  const agree =
    kind !== undefined && typeof fake === "string" ? kind === kindOf(fake) : recorded === fake;
  if (!agree) problems.push(differs(at, recorded, fake));
}

/** Only whether each side has a string, or null. */
function compareOpaque(recorded: unknown, fake: unknown, at: string, problems: string[]): void {
  const shape = (value: unknown) => (value === null ? "null" : typeof value);
  if (shape(recorded) !== shape(fake)) problems.push(differs(at, recorded, fake));
}

function differs(at: string, recorded: unknown, fake: unknown): string {
  return `${at} ${describe(recorded)} recorded, ${describe(fake)} from the fake`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
