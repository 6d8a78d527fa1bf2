import type { AttemptDeadline } from "./attempt-deadline.js";

/**
 * Most the SDK reads of a 2xx body: 8 MiB. A page of 100 items is far below it; a body that grows
 * past it is not what the contract describes, and reading on would only spend memory.
 */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Most the SDK reads of an error body: 64 KiB. The error envelope is a few hundred bytes; a proxy's
 * error page fits too. What is read is what an error keeps on `body`.
 */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** A body as read: its text, or the fact that it went past the cap (and was not read on). */
export type BodyRead =
  | { readonly text: string; readonly overCap?: undefined }
  | { readonly text?: undefined; readonly overCap: number };

/**
 * Reads a response's body as UTF-8 text, at most `maxBytes` of it. Every read is raced against
 * `deadline`, and the stream is cancelled (closing the connection) when the deadline passes,
 * the caller aborts, or the body goes past `maxBytes`; the first two reject with the abort reason.
 */
export async function readBody(
  response: Response,
  deadline: AttemptDeadline,
  maxBytes: number,
): Promise<BodyRead> {
  const { body } = response;
  if (!body) return { text: "" };
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) {
    void body.cancel().catch(() => {});
    return { overCap: maxBytes };
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await deadline.race(reader.read());
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        void reader.cancel().catch(() => {});
        return { overCap: maxBytes };
      }
      chunks.push(value);
    }
  } catch (error) {
    void reader.cancel().catch(() => {});
    throw error;
  }
  return { text: decodeUtf8(chunks, size) };
}

const utf8 = new TextDecoder();

function decodeUtf8(chunks: Uint8Array[], size: number): string {
  if (chunks.length === 1) return utf8.decode(chunks[0]);
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return utf8.decode(all);
}
