/** Random, URL-safe secrets and ids for records the fake creates at run time. */
function randomToken(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return Array.from(buffer, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A fresh bearer token of the given environment, in the `<prefix>_<env>_...` form. */
export function newBearerToken(environment: "test" | "live"): string {
  return `pl_${environment}_${randomToken(24)}`;
}
