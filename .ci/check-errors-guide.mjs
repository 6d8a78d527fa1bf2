#!/usr/bin/env node
// Fails when docs/errors.md does not name every error class of the code table
// (src/core/errors/codes.ts: ERROR_CODES and STATUS_CLASSES), so the guide cannot fall behind a
// code added to the table.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const root = new URL("..", import.meta.url).pathname;
const codesPath = join(root, "src/core/errors/codes.ts");
const guide = readFileSync(join(root, "docs/errors.md"), "utf8");
const source = ts.createSourceFile(
  codesPath,
  readFileSync(codesPath, "utf8"),
  ts.ScriptTarget.Latest,
);

/** Keys of the object literal assigned to `const <name>` (through `as const` / `satisfies`). */
function tableKeys(name) {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name) continue;
      let value = declaration.initializer;
      while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)))
        value = value.expression;
      if (value && ts.isObjectLiteralExpression(value)) {
        return value.properties.map((property) => property.name.getText(source));
      }
    }
  }
  throw new Error(`check-errors-guide: ${name} not found in src/core/errors/codes.ts`);
}

const classes = [...new Set([...tableKeys("STATUS_CLASSES"), ...tableKeys("ERROR_CODES")])];
const missing = classes.filter((name) => !new RegExp(`\\b${name}\\b`).test(guide));
if (missing.length > 0) {
  console.error(`check-errors-guide: docs/errors.md does not mention ${missing.join(", ")}`);
  process.exit(1);
}
console.log(
  `check-errors-guide: docs/errors.md names all ${classes.length} classes of the code table`,
);
