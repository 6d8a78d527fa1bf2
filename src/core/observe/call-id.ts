/**
 * Ids that tell SDK calls apart (docs/observability.md): `call_<process>_<n>`. The random part is
 * drawn once per process, so ids from a fleet of processes do not collide in one log store; the
 * counter keeps each id cheap to make and in call order within a process.
 */

let processPart: string | undefined;
let counter = 0;

/** A new call id, e.g. `call_5f0c9a2e_1a`. */
export function nextCallId(): string {
  processPart ??= randomHex(4);
  counter += 1;
  return `call_${processPart}_${counter.toString(36)}`;
}

function randomHex(bytes: number): string {
  const values = globalThis.crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (value) => value.toString(16).padStart(2, "0")).join("");
}
