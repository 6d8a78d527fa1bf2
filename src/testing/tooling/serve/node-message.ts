/** A node:http message read whole: its headers as web `Headers`, its body within a cap. */
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";

/** The headers as web `Headers`; a repeated header's values joined with `, `. */
export function headersOf(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

/** The whole body, or `null` past `cap` bytes (the rest is drained unkept). */
export async function readCapped(message: IncomingMessage, cap: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of message) {
    read += (chunk as Buffer).length;
    if (read <= cap) chunks.push(chunk as Buffer);
  }
  return read > cap ? null : Buffer.concat(chunks);
}
