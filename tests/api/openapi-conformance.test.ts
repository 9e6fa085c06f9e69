// Databases: PostgreSQL only: it checks call()'s own check against the document, whatever database answers.
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/app/api/route-modules";
import { call, randomIp, uniqueName } from "../support/api";

// call() checks every answer against the OpenAPI document. Here the document (this test file's own
// copy of the module) is made to disagree with the code, and call() must throw, naming the path,
// the status and the field. Other test files are not affected: each file imports its own modules.

describe("call() enforces the OpenAPI document", () => {
  it("throws when an answer does not match the documented schema", async () => {
    const doc = openApiDocument() as any;
    doc.components.schemas.MerchantWithApiKey.properties.apiKey = { type: "number" };
    const signup = call("POST", "/api/merchants", { body: { name: uniqueName() }, headers: { "x-forwarded-for": randomIp() } });
    await expect(signup).rejects.toThrow(/OpenAPI conformance: POST \/api\/merchants → 201:[\s\S]*\/responseObject\/apiKey must be number/);
  });

  it("throws when the status is not documented for the operation", async () => {
    const doc = openApiDocument() as any;
    delete doc.paths["/api/merchants/me"].get.responses["401"];
    await expect(call("GET", "/api/merchants/me")).rejects.toThrow(/status 401 is not documented/);
  });
});
