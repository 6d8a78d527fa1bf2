/** The routes part of `postline fake --help`, from the route table the fake serves. */

import { CONTRACT_ROUTES } from "../contract/routes.js";
import { OPERATIONS } from "../openapi/operations.js";

/** Where the route reference is published. */
export const REST_REFERENCE_URL =
  "https://github.com/postline/postline-sdk-typescript/blob/main/docs/rest.md";

/** Every route with its scope and summary, then where the full reference lives. */
export function fakeRoutesHelp(): string {
  const rows = CONTRACT_ROUTES.map((route) => {
    const summary = OPERATIONS[`${route.method} ${route.pattern}`]?.summary ?? "";
    return `  ${route.method.padEnd(7)}${`/api/v1${route.pattern}`.padEnd(32)}${route.scope.padEnd(7)}${summary}`;
  });
  return [
    "",
    "Routes (send Authorization: Bearer <API key>; the scope each needs is shown):",
    ...rows,
    "",
    "Reference:",
    `  ${REST_REFERENCE_URL}`,
    "  GET /api/v1/openapi.json on the running fake: the OpenAPI 3.1 document (no key needed);",
    "  the same document ships as @postline/sdk/openapi.json.",
    "",
  ].join("\n");
}
