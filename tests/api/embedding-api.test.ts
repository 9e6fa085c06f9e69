import { describe, expect, it } from "vitest";
import { call, newMerchant } from "../support/api";

// The embedding settings (Settings → Embedding in the dashboard) through the API.

describe("GET and PATCH /api/merchants/me/embedding", () => {
  it("reads and replaces the origins allowed to frame the checkout, refusing bad ones and changing nothing", async () => {
    const m = await newMerchant();
    const read = await call("GET", "/api/merchants/me/embedding", { key: m.apiKey });
    expect(read.body.responseObject).toEqual({ frameAncestors: [] });
    const set = await call("PATCH", "/api/merchants/me/embedding", {
      key: m.apiKey,
      body: { frameAncestors: ["https://Shop.example/", "https://shop.example"] },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.responseObject).toEqual({ frameAncestors: ["https://shop.example"] });
    const bad = await call("PATCH", "/api/merchants/me/embedding", { key: m.apiKey, body: { frameAncestors: ["http://evil.example"] } });
    expect(bad.status).toBe(400);
    expect((await call("GET", "/api/merchants/me/embedding", { key: m.apiKey })).body.responseObject).toEqual({
      frameAncestors: ["https://shop.example"],
    });
  });
});
