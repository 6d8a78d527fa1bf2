/**
 * No function in src takes a positional boolean: `paramsObject(params, true)` says nothing at the
 * call site, `paramsObject(params, { optional: true })` does. A flag goes in a small options
 * object, or the function splits in two.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

/** The boolean parameters that stay positional (file: parameter), each with its reason. */
const KEPT: ReadonlySet<string> = new Set([
  // node-redis's own cluster signature, `sendCommand(firstKey, isReadonly, args)`, typed here.
  "src/redis/redis-commands.ts: isReadonly",
  // `setChannelConnected`, released in 0.1.0 and deprecated for connectChannel/disconnectChannel.
  "src/testing/fake/handles/workspace-handle.ts: connected",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

const isFlagType = (type: ts.TypeNode): boolean => {
  if (type.kind === ts.SyntaxKind.BooleanKeyword) return true;
  if (ts.isLiteralTypeNode(type)) {
    return (
      type.literal.kind === ts.SyntaxKind.TrueKeyword ||
      type.literal.kind === ts.SyntaxKind.FalseKeyword
    );
  }
  if (!ts.isUnionTypeNode(type)) return false;
  // `boolean | undefined` is still a flag; `boolean | RateLimitOptions` is not.
  const members = type.types.filter(
    (member) =>
      member.kind !== ts.SyntaxKind.UndefinedKeyword &&
      !(ts.isLiteralTypeNode(member) && member.literal.kind === ts.SyntaxKind.NullKeyword),
  );
  return members.length > 0 && members.every(isFlagType);
};

const isFlagDefault = (value: ts.Expression | undefined): boolean =>
  value?.kind === ts.SyntaxKind.TrueKeyword || value?.kind === ts.SyntaxKind.FalseKeyword;

/** `file: parameter` for each boolean parameter given by position, in declarations and types. */
function positionalFlags(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isParameter(node) &&
      ts.isIdentifier(node.name) &&
      ((node.type !== undefined && isFlagType(node.type)) ||
        (node.type === undefined && isFlagDefault(node.initializer)))
    ) {
      found.push(`${relative(ROOT, file)}: ${node.name.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("positional flags", () => {
  const flags = sourceFiles(join(ROOT, "src")).flatMap(positionalFlags);

  it("no function in src takes a boolean by position", () => {
    expect(flags.filter((flag) => !KEPT.has(flag))).toEqual([]);
  });

  it("the scan sees a positional boolean (it is not vacuous)", () => {
    const planted = join(ROOT, "test/surface/fixtures/positional-flag.ts");
    expect(positionalFlags(planted)).toEqual([
      "test/surface/fixtures/positional-flag.ts: optional",
      "test/surface/fixtures/positional-flag.ts: session",
      "test/surface/fixtures/positional-flag.ts: create",
    ]);
  });
});
