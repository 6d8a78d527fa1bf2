/** Thrown when an example sees something other than what it expects; the run exits non-zero. */
export class ExampleExpectationFailed extends Error {
  override readonly name = "ExampleExpectationFailed";
}

/** Fails the example with `message` unless `condition` holds. */
export function expectThat(condition: unknown, message: string): asserts condition {
  if (!condition) throw new ExampleExpectationFailed(message);
}
