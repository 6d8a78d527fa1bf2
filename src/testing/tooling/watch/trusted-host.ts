/**
 * The Host rule of the fake's own routes (the watch page and the control plane): an IP literal
 * or `localhost`, a name a DNS rebinding attack cannot point at this machine, so a page of
 * another site can neither read nor steer them.
 */

/** Whether `host` (the `Host` header) is an IP address or `localhost`. */
export function isTrustedHost(host: string | null | undefined): boolean {
  if (host === undefined || host === null) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) ||
    hostname.startsWith("[")
  );
}
