import type { Redactor } from "../redact.js";
import { callGuarded } from "./guarded-call.js";

/**
 * The least severe level a client logs, most verbose first; `"off"` logs nothing. The SDK writes
 * at `debug` and `warn` only; `info` and `error` are accepted so a level shared with the rest of
 * an app works (`"info"` logs what `"warn"` does, `"error"` logs nothing).
 */
export type LogLevel = "debug" | "info" | "warn" | "error" | "off";

/**
 * Anything with `debug` and `warn`, the two levels the SDK writes at: `console`, pino, winston
 * and most loggers fit. Each line is a message and a structured object (never holding the token).
 */
export interface Logger {
  /** Every attempt, retry and pacing wait (with `logLevel: "debug"`). */
  debug(message: string, fields?: Record<string, unknown>): void;
  /** Something went wrong but the call goes on (a hook failed, a shared pacing store is down). */
  warn(message: string, fields?: Record<string, unknown>): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, off: 100 };

/**
 * A logger that drops lines below its level and redacts every line it passes on: `debug` for
 * traffic, `warn` for a hook that threw or a store that failed.
 */
export interface LevelledLogger extends Logger {
  enabled(level: Exclude<LogLevel, "off">): boolean;
}

/**
 * Wraps the caller's logger: level filter plus redaction of the message and every field. A logger
 * method that throws, or returns a promise that rejects, is ignored: logging never fails a call.
 */
export function createLevelledLogger(
  target: Logger | undefined,
  level: LogLevel,
  redact: Redactor,
): LevelledLogger {
  const threshold = target ? RANK[level] : RANK.off;
  const enabled = (at: Exclude<LogLevel, "off">) => RANK[at] >= threshold;
  const emit = (at: keyof Logger) => (message: string, fields?: Record<string, unknown>) => {
    if (!target || !enabled(at)) return;
    const line = `[postline] ${redact(message)}`;
    const args = fields === undefined ? [line] : [line, redactFields(fields, redact)];
    // Nowhere is left to report a failing logger to, so its failure is dropped.
    callGuarded(
      () => (target[at] as (...a: unknown[]) => unknown).apply(target, args),
      () => {},
    );
  };
  return { enabled, debug: emit("debug"), warn: emit("warn") };
}

function redactFields(fields: Record<string, unknown>, redact: Redactor): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = typeof value === "string" ? redact(value) : value;
  }
  return out;
}
