/**
 * Whether `error` is an import that failed because `name` (a package, or a scope such as
 * `@opentelemetry/`) is not installed: how a command tells a missing optional peer from a bug.
 */
export function isMissingModule(error: unknown, name: string): boolean {
  return (
    error instanceof Error &&
    "code" in error &&
    (error.code === "ERR_MODULE_NOT_FOUND" || error.code === "MODULE_NOT_FOUND") &&
    error.message.includes(name)
  );
}
