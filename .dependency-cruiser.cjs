/**
 * The import rules of src/core/README.md, checked (`npm run check:imports`).
 * A leaf is a file at the top of src/core; a folder may always import its own files.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const LEAF = "^src/core/[^/]+\\.ts$";
const SCHEMAS = "^src/schemas/";
/** The SDK's names the contract's route data uses as types: one name for a method and a budget. */
const CONTRACT_TYPES = "^src/core/(transport/http-method|pacing/rate-budget)\\.ts$";

/** `from` may import, inside core, only its own folder, the leaves and the folders named. */
function coreFolder(folder, mayImport, comment) {
  const allowed = [folder, ...mayImport].join("|");
  return {
    name: `core-${folder}`,
    comment,
    severity: "error",
    from: { path: `^src/core/${folder}/` },
    to: { path: "^src/core/", pathNot: [`^src/core/(${allowed})/`, LEAF] },
  };
}

module.exports = {
  forbidden: [
    coreFolder(
      "setup",
      ["transport", "reconcile", "pacing", "observe", "errors"],
      "setup may import transport, reconcile, pacing, observe, errors and the leaves",
    ),
    coreFolder(
      "transport",
      ["pacing", "observe", "errors"],
      "transport may import pacing, observe, errors and the leaves",
    ),
    coreFolder(
      "reconcile",
      ["pacing", "observe", "errors"],
      "reconcile may import pacing, observe, errors and the leaves",
    ),
    {
      ...coreFolder(
        "pacing",
        ["observe", "errors"],
        "pacing may import observe, errors and the leaves",
      ),
      // The session pacer asks whether it runs in a browser page (one cookie, one hold per base
      // URL); browser-guard.ts imports only errors, so no circle can form through it.
      to: {
        path: "^src/core/",
        pathNot: [
          "^src/core/(pacing|observe|errors)/",
          LEAF,
          "^src/core/setup/browser-guard\\.ts$",
        ],
      },
    },
    coreFolder("observe", [], "observe imports only the leaves"),
    {
      name: "core-errors",
      comment:
        "errors imports only the leaves (and, as types only, the shapes it describes: RateBudget and BodyRead)",
      severity: "error",
      from: { path: "^src/core/errors/" },
      to: {
        path: "^src/core/",
        pathNot: [
          "^src/core/errors/",
          LEAF,
          "^src/core/pacing/rate-budget\\.ts$",
          "^src/core/transport/read-body\\.ts$",
        ],
      },
    },
    {
      name: "core-errors-shapes-as-types",
      comment: "errors names RateBudget and BodyRead as types only",
      severity: "error",
      from: { path: "^src/core/errors/" },
      to: {
        path: ["^src/core/pacing/rate-budget\\.ts$", "^src/core/transport/read-body\\.ts$"],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "core-leaves",
      comment:
        "the leaves import only errors and one another (request-options names its wait event as a type)",
      severity: "error",
      from: { path: LEAF },
      to: {
        path: "^src/core/[^/]+/",
        pathNot: "^src/core/errors/",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "core-outside",
      comment:
        "core imports nothing outside core but the wire schemas: no arrow back up to the files at the top of src/",
      severity: "error",
      from: { path: "^src/core/" },
      to: { path: "^src/", pathNot: ["^src/core/", SCHEMAS] },
    },
    {
      name: "schemas-are-a-leaf",
      comment: "the wire schemas import only zod and one another",
      severity: "error",
      from: { path: SCHEMAS },
      to: { path: "^src/", pathNot: SCHEMAS },
    },
    {
      name: "contract-is-data",
      comment:
        "the contract's route table and limits import only the wire schemas (and name the SDK's HttpMethod and RateBudget, as types), so the fake and the OpenAPI document can both read them",
      severity: "error",
      from: { path: "^src/contract/" },
      to: { path: "^src/", pathNot: ["^src/contract/", SCHEMAS, CONTRACT_TYPES] },
    },
    {
      name: "contract-names-sdk-types-as-types",
      comment: "the contract names HttpMethod and RateBudget as types only",
      severity: "error",
      from: { path: "^src/contract/" },
      to: { path: CONTRACT_TYPES, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "fake-stands-alone",
      comment:
        "the fake and its tooling import nothing from the review card (an MCP App) or the frameworks: a wire header they share lives in contract/",
      severity: "error",
      from: { path: "^src/testing/" },
      to: { path: "^src/(mcp/ask/|frameworks/)" },
    },
    {
      name: "openapi-never-imports-testing",
      comment:
        "the published OpenAPI document is built from the contract's data, never from the fake",
      severity: "error",
      from: { path: "^src/openapi/" },
      to: { path: "^src/testing/" },
    },
    {
      name: "sdk-never-imports-optional-parts",
      comment:
        "nothing in the SDK imports testing, tools, redis, mcp or frameworks (a store is handed in, never imported)",
      severity: "error",
      from: {
        path: "^src/(core|resources|schemas)/|^src/(client|index|version)\\.ts$",
      },
      to: { path: "^src/(testing|tools|redis|mcp|frameworks|cli)/" },
    },
    {
      name: "approval-through-its-entry",
      comment:
        "src/mcp, src/frameworks, src/cli and src/redis reach the approval gate (createGate, in src/tools/approval/gate.ts) only through src/tools/approval/index.ts",
      severity: "error",
      from: { path: "^src/(mcp|frameworks|cli|redis)/" },
      to: { path: "^src/tools/approval/", pathNot: "^src/tools/approval/index\\.ts$" },
    },
    {
      name: "tickets-inside-the-gate",
      comment:
        "only the gate (src/tools/approval/) holds the ticket codec and spent set: other tool files call createGate",
      severity: "error",
      from: { path: "^src/tools/", pathNot: "^src/tools/approval/" },
      to: {
        path: "^src/tools/approval/(approval-ticket|spent-tickets)\\.ts$",
      },
    },
    {
      name: "root-entry-reach",
      comment: "the root entry never reaches testing, mcp, frameworks or redis, however indirectly",
      severity: "error",
      from: { path: "^src/index\\.ts$" },
      to: { reachable: true, path: "^src/(testing|mcp|frameworks|redis)/" },
    },
    {
      name: "no-circular",
      comment: "no import circles, type-only imports included: a type circle is a design circle",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js", ".mjs", ".cjs"] },
  },
};
