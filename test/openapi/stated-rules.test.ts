/**
 * The document judges: every answer of the fake passes it; the same answer with one stated rule
 * broken fails it; a change the contract allows (unknown enum value, extra field, any value where
 * the type is not shown) passes. Judged by Ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses).
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../src/openapi/document.js";
import { ALLOWED, BROKEN, type Variation } from "./support/broken-responses.js";
import { documentValidator } from "./support/document-validator.js";
import { type Answer, fakeAnswers } from "./support/fake-responses.js";

const document = buildOpenApiDocument() as Record<string, any>;
const validator = documentValidator(document);
const ruleIndex = readFileSync(new URL("../../docs/contract/rules.md", import.meta.url), "utf8");
let answers: Record<string, Answer>;

beforeAll(async () => {
  answers = await fakeAnswers();
});

/** The verdict on `variation` applied to a copy of its answer. */
function judge(variation: Variation) {
  const answer = answers[variation.from];
  if (!answer) throw new Error(`no answer ${variation.from}`);
  const body = structuredClone(answer.body);
  variation.change(body);
  const { method, path, status } = variation.route ?? answer;
  return validator.response(method, path, status, body);
}

describe("the document accepts what the fake answers", () => {
  it("every answer, successes and refusals, passes its route's schema", () => {
    for (const [name, { method, path, status, body }] of Object.entries(answers)) {
      const verdict = validator.response(method, path, status, body);
      expect(verdict.errors, `${name}: ${method} ${path} ${status}`).toEqual([]);
    }
  });
});

describe("the document rejects each broken rule", () => {
  it.each(BROKEN.map((variation) => [`${variation.rule} ${variation.what}`, variation] as const))(
    "%s",
    (_title, variation) => {
      expect(judge(variation).valid).toBe(false);
    },
  );

  it("the breaks cover at least 34 rules of the contract rule index", () => {
    const rules = new Set(BROKEN.map((variation) => variation.rule));
    for (const rule of rules) expect(ruleIndex).toContain(`- ${rule} `);
    expect(rules.size).toBeGreaterThanOrEqual(34);
  });
});

describe("the document allows what the contract leaves open", () => {
  it.each(ALLOWED.map((variation) => [`${variation.rule} ${variation.what}`, variation] as const))(
    "%s",
    (_title, variation) => {
      expect(judge(variation).errors).toEqual([]);
    },
  );
});

describe("request bodies as the contract states them", () => {
  const refused: [string, string, string, unknown][] = [
    ["CREATE-0", "POST", "/content", { body: "a", prompt: "b", channelId: "ch_x_acme" }],
    ["CREATE-0", "POST", "/content", { channelId: "ch_x_acme" }],
    [
      "CREATE-2",
      "POST",
      "/content",
      { body: "a", channelId: "ch_x_acme", channelIds: ["ch_x_acme"] },
    ],
    ["CREATE-3", "POST", "/content", { body: "a", channelIds: ["ch_x_acme", "ch_x_olivia"] }],
    ["STATE-8", "PATCH", "/content/{id}", { status: "published" }],
    ["STATE-8", "PATCH", "/content/{id}", { status: 1 }],
    ["STATE-7", "PATCH", "/content/{id}", { status: "pending", rejectionReason: "off-brand" }],
    ["SCHEDULE-2", "POST", "/content/{id}/schedule", { scheduledAt: "2031-03-03T09:00:00+02:00" }],
    [
      "SCHEDULE-3",
      "POST",
      "/content/{id}/schedule",
      { publishNow: true, scheduledAt: "2031-03-03T09:00:00Z" },
    ],
    ["KEYS-1", "POST", "/keys", { name: "reporting", scopes: ["owner"] }],
    ["KEYS-1", "POST", "/keys", { scopes: ["read"] }],
  ];
  it.each(refused)("%s %s %s refuses %j", (_rule, method, path, body) => {
    expect(validator.request(method, path, body).valid).toBe(false);
  });

  const accepted: [string, string, string, unknown][] = [
    ["CREATE-1", "POST", "/content", { prompt: "a", channelIds: ["ch_x_acme", "ch_x_olivia"] }],
    ["CREATE-9", "POST", "/content", { body: "a", channelId: "ch_x_acme", contentType: "post" }],
    ["STATE-7", "PATCH", "/content/{id}", { status: "cancelled", rejectionReason: "off-brand" }],
    ["SCHEDULE-1", "POST", "/content/{id}/schedule", {}],
    // The fake's own choices (docs/testing.md) are not the document's: it states none of them.
    ["KEYS-1", "POST", "/keys", { name: "k".repeat(101), scopes: [] }],
    ["CREATE-0", "POST", "/content", { body: "  ", channelId: "ch_x_acme" }],
  ];
  it.each(accepted)("%s %s %s accepts %j", (_rule, method, path, body) => {
    expect(validator.request(method, path, body).errors).toEqual([]);
  });

  it("LIST-5 the cursor is opaque: the document says nothing of an empty one", () => {
    const cursor = document.paths["/content"].get.parameters.find(
      (parameter: { name: string }) => parameter.name === "cursor",
    );
    expect(cursor.schema).toEqual({ type: "string" });
    expect(cursor.description).not.toMatch(/empty|first page/);
  });

  it("POST /content and POST /keys require a body; the others take an empty one", () => {
    expect(document.paths["/content"].post.requestBody.required).toBe(true);
    expect(document.paths["/keys"].post.requestBody.required).toBe(true);
    expect(document.paths["/content/{id}"].patch.requestBody.required).toBe(false);
    expect(document.paths["/content/{id}/schedule"].post.requestBody.required).toBe(false);
  });
});
