/** Reading finished spans as the tests state them: an indented tree, and spans by name. */
import { SpanKind } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";

const KINDS: Record<number, string> = {
  [SpanKind.INTERNAL]: "internal",
  [SpanKind.SERVER]: "server",
  [SpanKind.CLIENT]: "client",
};

/** Orders spans by start: seconds, then nanoseconds (either alone misorders across a boundary). */
export function byStartTime(a: ReadableSpan, b: ReadableSpan): number {
  return a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1];
}

/**
 * The spans under `root` as an indented tree: name, kind, the `shown` attributes it has, and its
 * events (with the pacing budget and outcome when they carry one).
 */
export function spanTree(
  spans: readonly ReadableSpan[],
  root: ReadableSpan,
  shown: readonly string[],
): string[] {
  const lines: string[] = [];
  const visit = (span: ReadableSpan, depth: number) => {
    const attributes = shown
      .filter((key) => span.attributes[key] !== undefined)
      .map((key) => `${key}=${span.attributes[key]}`)
      .join(" ");
    lines.push(
      `${"  ".repeat(depth)}${span.name} [${KINDS[span.kind]}]${attributes && ` ${attributes}`}`,
    );
    for (const event of span.events) {
      const { "postline.budget": budget, "postline.outcome": outcome } = event.attributes ?? {};
      const detail = budget === undefined ? "" : ` ${budget} ${outcome}`;
      lines.push(`${"  ".repeat(depth + 1)}event ${event.name}${detail}`);
    }
    const children = spans
      .filter((child) => child.parentSpanContext?.spanId === span.spanContext().spanId)
      .sort(byStartTime);
    for (const child of children) visit(child, depth + 1);
  };
  visit(root, 0);
  return lines;
}

/** The spans of that name. */
export const named = (spans: readonly ReadableSpan[], name: string) =>
  spans.filter((span) => span.name === name);
