/** Which service environment a token belongs to (api-v1.md §5 rule 2). */
export type PostlineEnvironment = "live" | "test" | "unknown";

/** Reads the environment from the token's `<prefix>_live_` / `<prefix>_test_` segment. */
export function environmentOfToken(token: string): PostlineEnvironment {
  const match = /^[A-Za-z0-9]+_(live|test)_/.exec(token);
  return (match?.[1] as "live" | "test" | undefined) ?? "unknown";
}
