/**
 * How deep a model's tool input may nest. No tool's parameters nest more than a few levels; an
 * input nested thousands deep (or a cycle, from a JavaScript caller) would overflow the stack of
 * every recursive step after it (validation, copying, JSON), so it is refused first, without
 * recursion.
 */

/** The deepest nesting a tool input may have: the input object itself is level 1. */
export const MAX_INPUT_DEPTH = 32;

/**
 * The top-level parameter under which `value` nests deeper than {@link MAX_INPUT_DEPTH} (or
 * `"(input)"` when the input itself does), or `undefined` when it stays within it.
 */
export function tooDeepParam(value: unknown): string | undefined {
  const stack: { value: unknown; depth: number; param: string }[] = [
    { value, depth: 1, param: "(input)" },
  ];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (next.value === null || typeof next.value !== "object") continue;
    if (next.depth > MAX_INPUT_DEPTH) return next.param;
    for (const [key, field] of Object.entries(next.value)) {
      const param = next.depth === 1 ? key : next.param;
      stack.push({ value: field, depth: next.depth + 1, param });
    }
  }
  return undefined;
}
