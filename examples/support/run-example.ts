/**
 * Runs one example: opens a session, prints a readable log, closes the session, and sets a
 * non-zero exit code when the example fails.
 */
import { APIError } from "../../src/index.js";
import { type ExampleSession, openSession } from "./fake-or-real.js";

/** Runs `body` with a fresh session and reports how it went. */
export async function runExample(
  title: string,
  body: (session: ExampleSession) => Promise<void>,
): Promise<void> {
  const started = performance.now();
  let session: ExampleSession | undefined;
  try {
    session = await openSession();
    const where = session.mode === "fake" ? "the in-process fake" : process.env.POSTLINE_BASE_URL;
    console.log(`\n▶ ${title} (against ${where})`);
    await body(session);
    console.log(`✔ ${title} (${Math.round(performance.now() - started)} ms)`);
  } catch (error) {
    console.error(`✖ ${title} failed: ${describeError(error)}`);
    process.exitCode = 1;
  } finally {
    await session?.close();
  }
}

/** One line that names what went wrong: class, status and code for service errors. */
export function describeError(error: unknown): string {
  if (error instanceof APIError) {
    return `${error.name} (${error.status ?? "no status"} ${error.code}): ${error.message}`;
  }
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
