/** Writes a file only its owner reads, replacing whatever is at the path in one step. */
import { randomBytes } from "node:crypto";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/**
 * Writes `text` to a new file with mode 0600 in the folder of `path`, then renames it over
 * `path`: an existing file's looser mode is not kept, a symlink at `path` is replaced rather than
 * followed, and a reader never sees half a file.
 */
export function writePrivateFile(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  // `wx`: a name someone else made in the meantime is never written through.
  writeFileSync(temporary, text, { mode: 0o600, flag: "wx" });
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
