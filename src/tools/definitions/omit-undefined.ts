/** The object type without the `undefined` an optional zod field adds to its output type. */
export type WithoutUndefined<T extends object> = {
  [K in keyof T]: Exclude<T[K], undefined>;
};

/**
 * Drops keys whose value is `undefined`, so a parsed zod input fits the SDK's parameter types
 * under `exactOptionalPropertyTypes` and nothing is sent for a field the model left out.
 */
export function omitUndefined<T extends object>(input: T): WithoutUndefined<T> {
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as WithoutUndefined<T>;
}
