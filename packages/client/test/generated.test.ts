import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/app/api/route-modules";
import { CLIENT_ROOT, GENERATED, generateClientFiles } from "../scripts/generate";

// The client's generated files are committed. Regenerated here, in memory, from the document the
// service serves: a change to the API that was not followed by `npm run client:generate` fails.

let generated: ReturnType<typeof generateClientFiles> | undefined;
const fresh = () => (generated ??= generateClientFiles(openApiDocument()));

describe("@checkout/client's generated files", () => {
  it.each(GENERATED)("packages/client/%s is what the current OpenAPI document generates", async (file) => {
    const committed = fs.readFileSync(path.join(CLIENT_ROOT, file), "utf8");
    expect(committed === (await fresh())[file], `packages/client/${file} is stale: run npm run client:generate`).toBe(true);
  });

  it("types what the document says: a session's statuses, the creation route, the Idempotency-Key header", async () => {
    const { "src/schema.d.ts": types } = await fresh();
    expect(types).toContain('status: "CREATED" | "ACTIVE" | "COMPLETED" | "EXPIRED" | "CANCELLED";');
    expect(types).toMatch(/"\/api\/checkout\/sessions": \{[\s\S]*?post: operations\["createCheckoutSession"\];/);
    expect(types).toMatch(/"Idempotency-Key"\?: components\["parameters"\]\["IdempotencyKey"\]/);
  });
});
