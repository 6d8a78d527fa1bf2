// TypeDoc plugin for shapes that are built from values rather than declared as types:
// - a field of a zod object (`z.strictObject({ id: contentId.describe("...") })`) takes its
//   documentation from its `.describe(...)` text, the same words a model reads in the JSON Schema;
// - the fields inside an exported constant's *type* (a row of the ERROR_CODES table, a schema's
//   shape) are not exported symbols of their own, so `validation.notDocumented` does not ask
//   each of them for a comment. The constant itself must still be documented.
import { Comment, Converter, ReflectionKind } from "typedoc";
import ts from "typescript";

/** Kinds that make up the inside of a type, between a constant and a field. */
const TYPE_PARTS = ReflectionKind.TypeLiteral | ReflectionKind.Property | ReflectionKind.Method;

/** @param {import("typedoc").Application} app */
export function load(app) {
  /** Property reflections whose symbol was declared in an object literal, with that symbol. */
  const valueFields = new Map();
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.Property)) return;
    const symbol = context.getSymbolFromReflection(reflection);
    const declarations = symbol?.declarations ?? [];
    if (declarations.length > 0 && declarations.every(ts.isPropertyAssignment)) {
      valueFields.set(reflection, { declarations, checker: context.checker });
    }
  });

  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    for (const [reflection, { declarations, checker }] of valueFields) {
      if (reflection.hasComment()) continue;
      const text = declarations.map((d) => describedText(d.initializer, checker)).find(Boolean);
      if (text) reflection.comment = new Comment([{ kind: "text", text }]);
    }
    valueFields.clear();

    const names = [];
    for (const reflection of context.project.getReflectionsByKind(ReflectionKind.Property)) {
      if (!reflection.hasComment() && insideConstantType(reflection)) {
        names.push(reflection.getFriendlyFullName());
      }
    }
    const existing = app.options.getValue("intentionallyNotDocumented");
    app.options.setValue("intentionallyNotDocumented", [...new Set([...existing, ...names])]);
  });
}

/**
 * The text of the outermost `.describe("...")` in a zod expression, following identifiers to
 * their initialisers (a shared field declared elsewhere); `undefined` when there is none.
 */
function describedText(expression, checker, hops = 0) {
  let node = expression;
  while (node && hops < 5) {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const [argument] = node.arguments;
      if (node.expression.name.text === "describe" && argument) {
        const text = literalText(argument);
        if (text) return text;
      }
      node = node.expression.expression;
      continue;
    }
    if (ts.isIdentifier(node)) {
      const symbol = checker.getSymbolAtLocation(node);
      const target =
        symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const declaration = target?.valueDeclaration;
      if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer)
        return;
      node = declaration.initializer;
      hops++;
      continue;
    }
    return;
  }
}

/** A string literal, or literals joined with `+`. */
function literalText(node) {
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = literalText(node.left);
    const right = literalText(node.right);
    return left !== undefined && right !== undefined ? left + right : undefined;
  }
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
}

/** Whether `reflection` sits in the type of an exported variable, not in an interface or class. */
function insideConstantType(reflection) {
  let parent = reflection.parent;
  let crossedTypeLiteral = false;
  while (parent?.kindOf(TYPE_PARTS)) {
    if (parent.kindOf(ReflectionKind.TypeLiteral)) crossedTypeLiteral = true;
    parent = parent.parent;
  }
  return crossedTypeLiteral && parent?.kindOf(ReflectionKind.Variable) === true;
}
