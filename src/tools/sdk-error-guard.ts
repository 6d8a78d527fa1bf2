import type * as sdk from "../index.js";

type ErrorClass<E extends Error = Error> = abstract new (...args: never) => E;

/** The SDK error classes the tools tell apart, by the name each carries on its prototype. */
type SdkErrorClasses = {
  [Name in keyof typeof sdk as (typeof sdk)[Name] extends ErrorClass
    ? Name
    : never]: (typeof sdk)[Name] extends ErrorClass<infer E> ? E : never;
};

/** The name an older copy of the SDK gave a class since renamed (0.1.0 named it on its prototype). */
const OLDER_NAMES: { readonly [Name in keyof SdkErrorClasses]?: string } = {
  PlannedTimePassedError: "PlannedTimePassed",
};

/**
 * Whether `error` is an instance of the SDK error class named `className`. It reads the `name`
 * each SDK class defines on its own prototype, up the chain, instead of using `instanceof`:
 * each published entry point (`@postline/sdk`, `@postline/sdk/tools`) bundles its own copy of
 * the classes, and ESM and CJS copies can be loaded side by side, so the client's errors are
 * not `instanceof` this module's classes. A class renamed since is also known by its older name.
 */
export function isSdkError<Name extends keyof SdkErrorClasses>(
  error: unknown,
  className: Name,
): error is SdkErrorClasses[Name] {
  if (!(error instanceof Error)) return false;
  const olderName = OLDER_NAMES[className];
  for (
    let prototype: object | null = Object.getPrototypeOf(error);
    prototype !== null && prototype !== Error.prototype;
    prototype = Object.getPrototypeOf(prototype)
  ) {
    const name: unknown = Object.getOwnPropertyDescriptor(prototype, "name")?.value;
    if (name === className || (olderName !== undefined && name === olderName)) return true;
  }
  return false;
}
