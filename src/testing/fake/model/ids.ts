/** A fresh bearer token of the given environment, in the `<prefix>_<env>_...` form (random hex). */
export function newBearerToken(environment: "test" | "live"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `pl_${environment}_${hex}`;
}
