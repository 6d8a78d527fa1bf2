/**
 * A file that ships in this package (the agent skill, the review card), read at run time from
 * the package itself, so what is served is byte for byte what ships.
 */
import { jsonOrText } from "../../core/json-or-text.js";

/** The package whose files are read (its package.json names it). */
const PACKAGE_NAME = "@postline/sdk";

/**
 * A file of this package, found by walking up from this module to the folder whose
 * `package.json` is this package's (`dist/...` once built and installed, `src/...` in the
 * repository).
 */
export async function readPackageFile(path: string): Promise<Uint8Array | undefined> {
  // Looked up at run time: where there is no node:fs (no file system), there is no file to read.
  const fs = globalThis.process?.getBuiltinModule?.("node:fs/promises");
  if (fs === undefined) return undefined;
  let folder = new URL("./", import.meta.url);
  for (let depth = 0; depth < 8; depth += 1) {
    const manifest = await fs.readFile(new URL("package.json", folder), "utf8").catch(() => "");
    if ((jsonOrText(manifest).value as { name?: unknown } | undefined)?.name === PACKAGE_NAME) {
      const bytes = await fs.readFile(new URL(path, folder)).catch(() => undefined);
      return bytes === undefined ? undefined : new Uint8Array(bytes);
    }
    const parent = new URL("../", folder);
    if (parent.href === folder.href) break;
    folder = parent;
  }
  return undefined;
}
