// The accident the size budget exists for, checked directly: code of a package (a dependency, or
// a dev or peer dependency imported by mistake) bundled into a built entry instead of imported.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The packages whose code is inside `entry` or the chunks it imports, read from their source maps
 * (tsup writes one beside every file). An empty list means everything the entry runs from a
 * package is imported at run time, as `ky` and `zod` are.
 * @param {string} entry - a built file, e.g. `dist/index.js`
 * @returns {string[]}
 */
export function bundledPackages(entry) {
  const packages = new Set();
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    const map = `${file}.map`;
    if (!existsSync(map))
      throw new Error(`${map} is missing: build with source maps to check ${file}`);
    for (const source of JSON.parse(readFileSync(map, "utf8")).sources) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
      if (match) packages.add(match[1]);
    }
    for (const [, chunk] of code.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      visit(join(dirname(file), chunk));
    }
  };
  visit(entry);
  return [...packages].sort();
}
