// Databases: PostgreSQL only: the document is built from the route handlers, with no database in it.
import fs from "node:fs";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { ERROR_STATUS } from "@/lib/core/errors";
import { EVENT_TYPES, TEST_EVENT_TYPE, V1_EVENT_TYPES, V1_TEST_EVENT_TYPE } from "@/lib/events/types";
import { openApiDocument, ROUTE_MODULES } from "@/app/api/route-modules";
import { operationsOf } from "@/lib/openapi/document";
import { apiRouteFiles, routeModulesSource } from "@/lib/openapi/route-index";
import { call, newMerchant, sessionBody } from "../support/api";
import { documentedResponse, responseProblems } from "../support/conformance";

const API_DIR = path.resolve(import.meta.dirname, "../../app/api");
const doc = openApiDocument() as any;

/** Every route file of the API with the methods it implements (the ones methods() does not answer 405 for). */
/** Each route file of the tree with the methods it serves through route() (a handler with its facts). */
async function implementedRoutes(): Promise<{ template: string; methods: string[] }[]> {
  return Promise.all(
    apiRouteFiles(API_DIR).map(async ({ path: template, file }) => {
      const mod = (await import(path.join(API_DIR, `${file}.ts`))) as Record<string, { facts?: unknown }>;
      const served = Object.entries(mod)
        .filter(([method, handler]) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(method) && handler?.facts)
        .map(([method]) => method.toLowerCase());
      return { template, methods: served.sort() };
    }),
  );
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it("documents every route file and implemented method, and nothing else", async () => {
    const routes = await implementedRoutes();
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) expect(r.methods.length, `${r.template} serves no method through route()`).toBeGreaterThan(0);
    const documented = Object.entries(doc.paths)
      .map(([template, item]) => ({ template, methods: Object.keys(item as object).sort() }))
      .sort((a, b) => a.template.localeCompare(b.template));
    expect(documented).toEqual(routes);
  });

  it("is built from the route modules the app/api tree holds (npm run api:routes writes their index)", () => {
    const index = fs.readFileSync(path.join(API_DIR, "route-modules.ts"), "utf8");
    expect(index, "app/api/route-modules.ts is stale: run npm run api:routes").toBe(routeModulesSource(API_DIR));
  });

  it("documents every error code under its status, every event type as a webhook, and the API key", () => {
    const errors = Object.values<any>(doc.components.schemas).filter((s: any) => s.properties?.success?.const === false);
    // each generation's envelopes list every code once; v1's also carry errorCode
    for (const generation of [0, 1]) {
      const own = errors.filter((s) => Boolean(s.properties.errorCode) === (generation === 1));
      expect(own.flatMap((s) => s.properties.error.properties.code.enum).sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    }
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES, TEST_EVENT_TYPE, ...V1_EVENT_TYPES, V1_TEST_EVENT_TYPE].sort());
    for (const hook of Object.values<any>(doc.webhooks))
      expect(hook.post.parameters.map((p: any) => p.name)).toEqual(
        expect.arrayContaining(["X-Webhook-Id", "X-Webhook-Timestamp", "X-Webhook-Signature", "webhook-signature"]),
      );
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "apiKey", in: "header", name: "X-API-Key" });
    expect(doc.paths["/api/checkout/sessions"].post.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths["/api/merchants"].post.security).toEqual([]);
  });

  it("is generated from the request schemas: a session's body lists its fields and refuses others", () => {
    const body = doc.paths["/api/checkout/sessions"].post.requestBody.content["application/json"].schema;
    // amountUsdc is required in checkoutMode exact-token (the default) and refused in exact-fiat
    expect(body.required).toEqual(["merchantId", "destinationChainId", "destinationToken", "recipientAddress"]);
    expect(body.properties.checkoutMode.enum).toEqual(["exact-token", "exact-fiat"]);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.amountUsdc.type).toBe("string");
    const limit = doc.paths["/api/events"].get.parameters.find((p: any) => p.name === "limit");
    expect(limit).toMatchObject({ in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 100, default: 50 } });
  });

  it("gives request examples the request schemas accept", () => {
    const withExamples = operationsOf(ROUTE_MODULES).filter((op) => op.example);
    expect(withExamples.length).toBeGreaterThan(5);
    for (const op of withExamples) {
      const parsed = op.body!.safeParse(op.example);
      expect(parsed.success, `${op.operationId}: ${parsed.error?.message}`).toBe(true);
      expect(doc.paths[op.path][op.method].requestBody.content["application/json"].example).toEqual(op.example);
    }
  });
});

describe("GET /api/openapi.json", () => {
  it("serves the document without an API key, cacheable", async () => {
    const res = await call("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("answers 405 with Allow for another method", async () => {
    const res = await call("POST", "/api/openapi.json", { body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });
});

describe("conformance check", () => {
  const created = async () => {
    const m = await newMerchant();
    const res = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m) });
    expect(res.status).toBe(201);
    return res;
  };

  it("accepts a real answer and refuses it with amountUsdc as a number", async () => {
    const res = await created();
    const documented = documentedResponse("/api/checkout/sessions", "POST", 201);
    if ("error" in documented) throw new Error(documented.error);
    expect(responseProblems(documented, { headers: res.headers, body: res.body })).toEqual([]);

    const wrong = structuredClone(res.body);
    wrong.responseObject.session.amountUsdc = 50;
    const problems = responseProblems(documented, { headers: res.headers, body: wrong });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("/responseObject/session/amountUsdc must be string");
  });

  it("refuses an undocumented field, a missing required header and an undocumented status", async () => {
    const res = await created();
    const documented = documentedResponse("/api/checkout/sessions", "POST", 201);
    if ("error" in documented) throw new Error(documented.error);
    const extra = structuredClone(res.body);
    extra.responseObject.session.secretField = "x";
    expect(responseProblems(documented, { headers: res.headers, body: extra }).join()).toContain("must NOT have additional properties");

    const headers = new Headers(res.headers);
    headers.delete("ratelimit-remaining");
    expect(responseProblems(documented, { headers, body: res.body })).toEqual(["header RateLimit-Remaining is required but absent"]);

    expect(documentedResponse("/api/checkout/sessions", "POST", 418)).toEqual({
      error: expect.stringContaining("status 418 is not documented"),
    });
    expect(documentedResponse("/api/health", "DELETE", 200)).toEqual({ error: expect.stringContaining("not 405") });
  });
});
