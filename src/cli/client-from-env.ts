import { Postline, type PostlineOptions } from "../client.js";
import { UsageError } from "./usage-error.js";

/**
 * A client for the service named by `POSTLINE_API_KEY` and `POSTLINE_BASE_URL`. A missing
 * variable is named in the message, before any request is made.
 */
export function clientFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  command: string,
  options: Omit<PostlineOptions, "apiKey" | "baseURL"> = {},
): Postline {
  for (const name of ["POSTLINE_API_KEY", "POSTLINE_BASE_URL"] as const) {
    if (!env[name]?.trim()) {
      throw new UsageError(
        `${name} is not set. Set POSTLINE_API_KEY to an agent key and POSTLINE_BASE_URL to the service's address${command === "mcp" ? ", or pass --fake to serve an embedded fake" : ""}.`,
        command,
      );
    }
  }
  return new Postline({ ...options, apiKey: env.POSTLINE_API_KEY, baseURL: env.POSTLINE_BASE_URL });
}
