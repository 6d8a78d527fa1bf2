/**
 * One option parser per face: the options a face was given, read once as own properties into a
 * frozen copy, and an unknown name refused with the nearest known one, as the client refuses its
 * own (`acknowledgement: "human"` would otherwise leave the mode at `"ask"` unnoticed).
 */
import { InvalidRequestError } from "../core/errors/local-errors.js";
import { refuseUnknownOptions } from "../core/setup/option-names.js";

/**
 * The options of a face, checked: `names` lists every option it takes (the compiler checks the
 * list against the options' type). A missing `options` reads as none.
 */
export function faceOptions<T extends object>(
  options: T | undefined,
  names: Record<keyof T, true>,
): Readonly<T> {
  if (options === undefined) return Object.freeze({}) as Readonly<T>;
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new InvalidRequestError("options", "options must be an object");
  }
  refuseUnknownOptions(options, Object.keys(names));
  return Object.freeze(Object.fromEntries(Object.entries(options))) as Readonly<T>;
}
