/**
 * The ids the service made, mapped to the ids the fake makes, by order of creation: the n-th id
 * the recording's `201` answers created is the n-th id the fake's answers created. Ids the seed
 * holds are the same on both sides and are not mapped.
 */
import type { ComparedAnswer } from "./compare-answer.js";
import { mapStrings } from "./exchange-body.js";

/** The recorded ids and the fake's, by order of creation. */
export class IdMap {
  readonly #recorded: string[] = [];
  readonly #fake: string[] = [];
  readonly #toFake = new Map<string, string>();

  /** Notes the ids one exchange created, on each side (a `201`'s `id` and `items[].id`). */
  learn(recorded: ComparedAnswer, fake: ComparedAnswer): void {
    if (recorded.status === 201) this.#recorded.push(...createdIds(recorded.body));
    if (fake.status === 201) this.#fake.push(...createdIds(fake.body));
    const paired = Math.min(this.#recorded.length, this.#fake.length);
    for (let index = 0; index < paired; index++)
      this.#toFake.set(this.#recorded[index] as string, this.#fake[index] as string);
  }

  /** The fake's id for a recorded one; the id itself when it was not created in the recording. */
  id(recorded: string): string {
    return this.#toFake.get(recorded) ?? recorded;
  }

  /** A recorded path with each id segment mapped. */
  path(recorded: string): string {
    return recorded
      .split("/")
      .map((segment) => encodeURIComponent(this.id(decodeURIComponent(segment))))
      .join("/");
  }

  /** A recorded query with each value that is an id mapped. */
  query(recorded: string): string {
    if (recorded === "") return "";
    const params = new URLSearchParams(recorded);
    if (![...params.values()].some((value) => this.#toFake.has(value))) return recorded;
    return new URLSearchParams(
      [...params].map(([name, value]) => [name, this.id(value)]),
    ).toString();
  }

  /** A recorded value with each string that is an id mapped. */
  value(recorded: unknown): unknown {
    return mapStrings(recorded, (text) => this.id(text));
  }
}

/** The ids a `201` answer created: its `id` (a key) or its `items[].id` (content). */
function createdIds(body: unknown): string[] {
  if (body === null || typeof body !== "object") return [];
  const record = body as { id?: unknown; items?: unknown };
  const ids: string[] = [];
  if (typeof record.id === "string") ids.push(record.id);
  if (Array.isArray(record.items)) {
    for (const item of record.items) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id === "string") ids.push(id);
    }
  }
  return ids;
}
