#!/usr/bin/env node
// Fails when a public method of a resource class (src/resources/*.ts) has no `@example` in its
// TSDoc. typedoc checks that every export is documented; it cannot require a particular tag.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const root = new URL("..", import.meta.url).pathname;
const folder = process.argv[2] ?? join(root, "src/resources");
const files = readdirSync(folder)
  .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"))
  .map((name) => join(folder, name));

const missing = [];
let checked = 0;
for (const file of files) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
  );
  for (const statement of source.statements) {
    if (!ts.isClassDeclaration(statement) || !isExported(statement) || !statement.name) continue;
    const documented = new Map();
    for (const member of statement.members) {
      if (!ts.isMethodDeclaration(member) || !isPublic(member)) continue;
      const name = member.name.getText(source);
      // Overloads share one name: one `@example` on any signature documents the method.
      documented.set(name, (documented.get(name) ?? false) || hasExample(member));
    }
    for (const [name, ok] of documented) {
      checked++;
      if (!ok) missing.push(`${relative(root, file)}: ${statement.name.text}.${name}`);
    }
  }
}

if (checked === 0) {
  console.error("check-examples-tags: found no public resource methods under src/resources");
  process.exit(1);
}
if (missing.length > 0) {
  console.error(
    `check-examples-tags: ${missing.length} public resource method(s) lack an @example:`,
  );
  for (const entry of missing) console.error(`  ${entry}`);
  process.exit(1);
}
console.log(`check-examples-tags: all ${checked} public resource methods have an @example`);

function isExported(node) {
  return ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export;
}

function isPublic(member) {
  const flags = ts.getCombinedModifierFlags(member);
  if (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) return false;
  if (ts.isPrivateIdentifier(member.name)) return false;
  return !ts.getJSDocTags(member).some((tag) => tag.tagName.text === "internal");
}

function hasExample(member) {
  return ts.getJSDocTags(member).some((tag) => tag.tagName.text === "example");
}
