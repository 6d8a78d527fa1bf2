// TypeDoc plugin: the fields inside an exported constant's *type* (a zod schema's shape, a row of
// the ERROR_CODES table) are not exported symbols of their own, so `validation.notDocumented`
// does not ask each of them for a comment; the constant itself must still be documented.
import { Converter, ReflectionKind } from "typedoc";

/** Kinds that make up the inside of a type, between a constant and a field. */
const TYPE_PARTS = ReflectionKind.TypeLiteral | ReflectionKind.Property | ReflectionKind.Method;

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
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
