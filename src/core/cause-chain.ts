/**
 * The one walk of an error's cause chain: the error, its `cause`, that one's `cause`, and so on
 * (up to {@link MAX_CAUSE_LINKS} deep). Runtimes bury what happened there: Node's fetch says only
 * "fetch failed", and keeps the system error in `cause`, sometimes inside an `AggregateError`
 * (one error per address tried).
 */

/** How far down the chain the walk goes. */
export const MAX_CAUSE_LINKS = 5;

/**
 * How an `AggregateError`'s members (`errors`) answer for it: `"any"`, the first member with an
 * answer gives it; `"every"`, the members answer only when each one does (the first's answer).
 */
export type MembersRule = "any" | "every";

/**
 * The first answer `read` gives along `error`'s cause chain, each link read before its members
 * and its cause; `undefined` when no link answers.
 */
export function findInCauseChain<T>(
  error: unknown,
  read: (link: object) => T | undefined,
  members: MembersRule,
): T | undefined {
  for (let link = error, depth = 0; link && depth < MAX_CAUSE_LINKS; depth++) {
    if (typeof link !== "object") return undefined;
    const found = read(link);
    if (found !== undefined) return found;
    const errors = (link as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      const answers = errors.map((member) => findInCauseChain(member, read, members));
      const answered = answers.filter((answer) => answer !== undefined);
      if (members === "any" && answered.length > 0) return answered[0];
      if (members === "every" && answered.length === errors.length) return answered[0];
    }
    link = (link as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A link's `code` when it is a string (a system error's `ECONNREFUSED`, undici's `UND_ERR_*`). */
export function codeOf(link: object): string | undefined {
  const { code } = link as { code?: unknown };
  return typeof code === "string" ? code : undefined;
}
