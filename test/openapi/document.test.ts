/**
 * The OpenAPI document is built from the fake's route table and the zod schemas: it names every
 * route once, keeps "not shown" fields open, states the 429 headers and bearer security, and the
 * shipped file and docs/rest.md are exactly what the generator produces.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONTRACT_ROUTES } from "../../src/contract/routes.js";
import { Postline } from "../../src/index.js";
import { buildOpenApiDocument, openApiPath } from "../../src/openapi/document.js";
import { OPERATIONS } from "../../src/openapi/operations.js";
import { renderRestReference } from "../../src/openapi/rest-reference.js";
import { createFakeService } from "../../src/testing/index.js";

type Json = Record<string, any>;
const document = buildOpenApiDocument() as Json;
const root = new URL("../../", import.meta.url);

describe("the OpenAPI document of the v1 API", () => {
  it("is OpenAPI 3.1 with one operation per route of the fake's table, and no other", () => {
    expect(document.openapi).toBe("3.1.0");
    const documented = Object.entries(document.paths as Json).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const routes = CONTRACT_ROUTES.map((route) => `${route.method} ${openApiPath(route.pattern)}`);
    expect(documented.sort()).toEqual([...routes].sort());
    expect(Object.keys(OPERATIONS).sort()).toEqual(
      CONTRACT_ROUTES.map((route) => `${route.method} ${route.pattern}`).sort(),
    );
    const ids = documented.map((key) => {
      const [method, path] = key.split(" ") as [string, string];
      return document.paths[path][method.toLowerCase()].operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("takes scope, role and rate limit from the route table", () => {
    const createKey = document.paths["/keys"].post;
    expect(createKey["x-postline-scope"]).toBe("admin");
    expect(createKey["x-postline-roles"]).toEqual(["owner", "admin"]);
    expect(createKey.responses["403"].description).toContain("`forbidden`");
    expect(document.paths["/keys"].get.responses["403"].description).not.toContain("forbidden");
    expect(document.paths["/content"].post["x-postline-rate-limit"]).toBe(10);
    expect(document.paths["/content"].get["x-postline-rate-limit"]).toBe(60);
  });

  it("requires bearer security on every route", () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
  });

  it("LIMIT-4 a 429 on every route carries the four rate-limit headers and the envelope", () => {
    const limited = document.components.responses.RateLimited;
    expect(Object.keys(limited.headers).sort()).toEqual(
      ["Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"].sort(),
    );
    for (const header of Object.values(limited.headers) as Json[])
      expect(header.required).toBe(true);
    expect(limited.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/RateLimitedEnvelope",
    });
    for (const methods of Object.values(document.paths as Json)) {
      for (const operation of Object.values(methods as Json)) {
        expect(operation.responses["429"]).toEqual({ $ref: "#/components/responses/RateLimited" });
        expect(operation.responses["401"].content["application/json"].schema.$ref).toContain(
          "ErrorEnvelope",
        );
      }
    }
  });

  it("ERR-1 the error envelope requires error.code and error.message and allows extra detail", () => {
    const envelope = document.components.schemas.ErrorEnvelope;
    expect(envelope.required).toEqual(["error"]);
    expect(envelope.properties.error.required).toEqual(["code", "message"]);
    expect(envelope.properties.error.additionalProperties).toEqual({});
  });

  it("allows any value where api-v1.md says 'not shown', as the schemas do", () => {
    const { schemas } = document.components;
    // Listed, so required (CHANNELS-1); of any type.
    expect(schemas.Channel.properties.platform).toEqual({});
    expect(schemas.Channel.required).toContain("platform");
    expect(schemas.ScheduleConfig.properties.timezone).toEqual({});
    expect(schemas.Usage.properties.current).toEqual({});
    expect(schemas.BrandProfile.properties.examples).toEqual({});
    // A single item's body is not shown: `{ item }` or the bare item.
    expect(schemas.ContentItemResponse.anyOf).toHaveLength(2);
    expect(document.paths["/content/{id}"].delete.responses["2XX"].content).toEqual({
      "application/json": { schema: {} },
    });
  });

  it("documents the query limits of §8 and the request bodies of §4", () => {
    const limit = document.paths["/content"].get.parameters.find((p: Json) => p.name === "limit");
    expect(limit.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 20 });
    const days = document.paths["/stats"].get.parameters.find((p: Json) => p.name === "days");
    expect(days.schema).toMatchObject({ minimum: 1, maximum: 365, default: 30 });
    const { schemas } = document.components;
    expect(schemas.CreateContentRequest.oneOf).toEqual([
      { required: ["body"], properties: { body: {}, channelIds: { maxItems: 1 } } },
      { required: ["prompt"], properties: { prompt: {} } },
    ]);
    expect(schemas.UpdateContentRequest.properties.status.enum).toEqual([
      "pending",
      "draft",
      "cancelled",
    ]);
    expect(schemas.CreateKeyRequest.required).toEqual(["name", "scopes"]);
  });

  it("every example works on a fresh fake's default seed, run in the document's order", async () => {
    const service = createFakeService();
    const client = new Postline({
      apiKey: service.defaults.apiKey,
      baseURL: service.defaults.baseURL,
      fetch: service.fetch,
      rateLimit: false,
      maxRetries: 0,
    });
    const post = (path: string, body: unknown, method = "POST") =>
      service.fetch(`${service.defaults.baseURL}/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${service.defaults.apiKey}`,
          "content-type": "application/json",
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const statuses: string[] = [];
    for (const [path, methods] of Object.entries(document.paths as Json)) {
      for (const [method, operation] of Object.entries(methods as Json)) {
        const id = operation.parameters?.find((p: Json) => p.in === "path")?.example;
        const example = operation.requestBody?.content["application/json"].example;
        const response = await post(
          path.replace("{id}", id),
          example,
          method.toUpperCase() as "POST",
        );
        statuses.push(`${method.toUpperCase()} ${path} ${response.status}`);
      }
    }
    expect(statuses.filter((line) => !/ 20[014]$/.test(line))).toEqual([]);
    expect(await client.content.get("cnt_acme_held")).toMatchObject({ status: "scheduled" });
  });
});

describe("what ships and what is committed", () => {
  it("dist/openapi.json is the generator's document (npm run build writes it)", () => {
    const file = new URL("dist/openapi.json", root);
    expect(existsSync(file), "dist/openapi.json exists: run npm run build first").toBe(true);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(document);
  });

  it("package.json exports it as @postline/sdk/openapi.json", () => {
    const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as Json;
    expect(pkg.exports["./openapi.json"]).toBe("./dist/openapi.json");
    expect(pkg.files).toContain("dist");
  });

  it("docs/rest.md is what `npm run rest-docs` renders from the document", () => {
    const committed = readFileSync(new URL("docs/rest.md", root), "utf8");
    expect(committed).toBe(renderRestReference(document));
    for (const route of CONTRACT_ROUTES) {
      expect(committed).toContain(`### ${route.method} ${openApiPath(route.pattern)}`);
    }
  });
});
