import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberships } from "@/db/schema";
import { createKey, listKeys, rollKey } from "@/lib/accounts/keys";
import { claimMerchant } from "@/lib/accounts/teams";
import { awayFromWindowEdge, call, newMerchant, randomIp, uniqueName } from "../support/api";
import { testDb } from "../support/db";
import { actorOf, person } from "../support/people";

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const signup = (body: unknown, ip = randomIp()) => call("POST", "/api/merchants", { body, headers: { "x-forwarded-for": ip } });

describe("POST /api/merchants", () => {
  it("creates a merchant and returns its API key once", async () => {
    const name = uniqueName("acme");
    const res = await signup({ name, displayName: "Acme Inc", logoUrl: "https://acme.example/logo.png" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, statusCode: 201, message: "Merchant created" });
    const m = res.body.responseObject;
    expect(m).toMatchObject({ name, displayName: "Acme Inc", logoUrl: "https://acme.example/logo.png" });
    expect(m.id).toMatch(/^merch_[0-9a-f]{32}$/);
    expect(m.apiKey).toMatch(/^ck_[A-Za-z0-9_-]{43}$/);
    expect(m.createdAt).toMatch(ISO_MS);
    expect(m.updatedAt).toMatch(ISO_MS);

    const me = await call("GET", "/api/merchants/me", { key: m.apiKey });
    expect(me.status).toBe(200);
    expect(me.body.responseObject).toEqual({
      id: m.id,
      name,
      displayName: "Acme Inc",
      logoUrl: "https://acme.example/logo.png",
      environment: "sandbox",
      feePayer: "MERCHANT",
      buyerFeeShareBps: null,
      payerReceipts: true,
      createdAt: m.createdAt,
      updatedAt: m.updatedAt,
    });
    expect(me.text).not.toContain(m.apiKey);
    const byId = await call("GET", `/api/merchants/${m.id}`, { key: m.apiKey });
    expect(byId.body.responseObject).toEqual(me.body.responseObject);
  });

  it("refuses a taken name with 409 and keeps the first merchant", async () => {
    const name = uniqueName();
    expect((await signup({ name })).status).toBe(201);
    const again = await signup({ name, displayName: "Impostor" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, responseObject: null, statusCode: 409, error: { code: "NAME_TAKEN" } });
    expect(again.body.message).toContain("name");
  });

  it.each([
    [{}, "name"],
    [{ name: "Upper" }, "name"],
    [{ name: "has space" }, "name"],
    [{ name: "a" }, "name"],
    [{ name: "-lead" }, "name"],
    [{ name: "x".repeat(64) }, "name"],
    [{ name: 42 }, "name"],
    [{ name: "okname", logoUrl: "http://insecure.example/logo.png" }, "logoUrl"],
    [{ name: "okname", logoUrl: "not a url" }, "logoUrl"],
    [{ name: "okname", displayName: "" }, "displayName"],
    [{ name: "okname", displayName: "x".repeat(101) }, "displayName"],
    [{ name: "okname", apiKey: "mine" }, "apiKey"],
  ])("answers 400 naming the field for %j", async (body, field) => {
    const res = await signup(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error?.code).toBe("VALIDATION_FAILED");
    expect(res.body.message).toContain(field);
  });

  it("limits sign-ups to 20 an hour per client address", async () => {
    const ip = randomIp();
    await awayFromWindowEdge(3_600_000);
    for (let i = 0; i < 20; i++) expect((await signup({ name: uniqueName() }, ip)).status).toBe(201);
    const limited = await signup({ name: uniqueName() }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, message: "Too many requests", statusCode: 429 });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("ratelimit-limit")).toBe("20");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect((await signup({ name: uniqueName() })).status).toBe(201); // another address is unaffected
  });
});

describe("PATCH /api/merchants/:id", () => {
  it("changes only the supplied fields and refreshes updatedAt", async () => {
    const m = await newMerchant({ displayName: "Before", logoUrl: "https://before.example/l.png" });
    const before = (await call("GET", "/api/merchants/me", { key: m.apiKey })).body.responseObject;
    await new Promise((r) => setTimeout(r, 5));
    const res = await call("PATCH", `/api/merchants/${m.id}`, { key: m.apiKey, body: { displayName: "After" } });
    expect(res.status).toBe(200);
    expect(res.body.responseObject).toMatchObject({
      id: m.id,
      name: m.name,
      displayName: "After",
      logoUrl: "https://before.example/l.png",
    });
    expect(res.body.responseObject.apiKey).toBeUndefined();
    expect(new Date(res.body.responseObject.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
    const logo = await call("PATCH", `/api/merchants/${m.id}`, { key: m.apiKey, body: { logoUrl: "https://after.example/l.png" } });
    expect(logo.body.responseObject).toMatchObject({ displayName: "After", logoUrl: "https://after.example/l.png" });
  });

  it("never changes the name", async () => {
    const m = await newMerchant();
    const res = await call("PATCH", `/api/merchants/${m.id}`, { key: m.apiKey, body: { name: "renamed" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("name");
    expect((await call("GET", "/api/merchants/me", { key: m.apiKey })).body.responseObject.name).toBe(m.name);
  });
});

describe("owner-only settings through the API", () => {
  const HOUR = 60 * 60 * 1000;

  /** An account made through the API, claimed by an owner, with a developer joined. */
  async function claimed() {
    const db = await testDb();
    const m = await newMerchant({ displayName: "Before" });
    const owner = await person();
    const developer = await person();
    await claimMerchant(db, owner, m.apiKey, randomIp());
    await db.insert(memberships).values({ merchantId: m.id, userId: developer.userId, role: "developer" });
    return { db, m, asOwner: actorOf(m.id, owner, "owner"), asDeveloper: actorOf(m.id, developer, "developer"), developer };
  }

  it.each([
    [{ displayName: "Taken over" }, "displayName"],
    [{ logoUrl: "https://evil.example/logo.png" }, "logoUrl"],
    [{ logoUrl: null }, "logoUrl"],
    [{ feePayer: "PAYEE" }, "feePayer"],
    [{ feePayer: "SPLIT", buyerFeeShareBps: 5000 }, "feePayer"],
  ])("a claimed account refuses %j from a key no owner made, naming the field, and changes nothing", async (body, field) => {
    const { db, m, asDeveloper } = await claimed();
    const devKey = await createKey(db, { actor: asDeveloper, merchantId: m.id }, { name: "CI" });
    const before = (await call("GET", "/api/merchants/me", { key: m.apiKey })).body.responseObject;
    // the account's first key was made by the API before anyone claimed it; the other by a developer
    for (const key of [m.apiKey, devKey.apiKey]) {
      const res = await call("PATCH", `/api/merchants/${m.id}`, { key, body });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        success: false,
        statusCode: 403,
        error: { code: "FORBIDDEN", details: { fields: { [field]: expect.any(String) } } },
      });
      expect(res.body.message).toContain(field);
    }
    expect((await call("GET", "/api/merchants/me", { key: m.apiKey })).body.responseObject).toEqual(before);
  });

  it("a key an owner made changes them; an unclaimed account's own key still does", async () => {
    const { db, m, asOwner } = await claimed();
    const ownerKey = await createKey(db, { actor: asOwner, merchantId: m.id }, { name: "Owner's" });
    const res = await call("PATCH", `/api/merchants/${m.id}`, { key: ownerKey.apiKey, body: { displayName: "After", feePayer: "PAYEE" } });
    expect(res.status).toBe(200);
    expect(res.body.responseObject).toMatchObject({ displayName: "After", feePayer: "PAYEE" });

    const unclaimed = await newMerchant();
    const own = await call("PATCH", `/api/merchants/${unclaimed.id}`, {
      key: unclaimed.apiKey,
      body: { displayName: "Mine", feePayer: "PAYEE" },
    });
    expect(own.status).toBe(200);
  });

  it("a key made by an owner who is no longer one loses the power", async () => {
    const { db, m, asOwner } = await claimed();
    const ownerKey = await createKey(db, { actor: asOwner, merchantId: m.id }, { name: "Owner's" });
    await db.update(memberships).set({ role: "developer" }).where(eq(memberships.userId, asOwner.person!.userId));
    const res = await call("PATCH", `/api/merchants/${m.id}`, { key: ownerKey.apiKey, body: { displayName: "After" } });
    expect(res.status).toBe(403);
    expect(res.body.error?.details?.fields).toHaveProperty("displayName");
  });

  it("a developer rolls only keys they made; an owner rolls any", async () => {
    const { db, m, asOwner, asDeveloper } = await claimed();
    const ownerKey = await createKey(db, { actor: asOwner, merchantId: m.id }, { name: "Owner's" });
    const mine = await createKey(db, { actor: asDeveloper, merchantId: m.id }, { name: "Mine" });
    const [firstKey] = (await listKeys(db, m.id)).filter((k) => k.name === "Default key");
    for (const id of [ownerKey.id, firstKey!.id]) {
      await expect(rollKey(db, { actor: asDeveloper, merchantId: m.id }, id, HOUR)).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: expect.stringContaining("keys you created"),
      });
    }
    // refused, the keys stay as they were
    expect((await listKeys(db, m.id)).map((k) => k.state)).toEqual(["active", "active", "active"]);
    const rolled = await rollKey(db, { actor: asDeveloper, merchantId: m.id }, mine.id, HOUR);
    // the rolled key is theirs too, so they may roll it again
    await rollKey(db, { actor: asDeveloper, merchantId: m.id }, rolled.id, HOUR);
    await rollKey(db, { actor: asOwner, merchantId: m.id }, firstKey!.id, HOUR);
    // the dashboard offers the roll on the keys the person may roll
    const keys = await listKeys(db, m.id);
    expect(keys.filter((k) => k.createdById === asDeveloper.person!.userId).map((k) => k.name)).toEqual(["Mine", "Mine", "Mine"]);
  });
});

describe("display names people read", () => {
  const HOSTILE = [
    "Acme\u202Emoc.live",
    "Evil\x1b]52;c;cm0gLXJmIH4=\x07",
    "Shop\x1b[2J",
    "Tab\there",
    "Iso\u2066late\u2069",
    "C1\u009b31m",
  ];

  it("refuse control characters and bidirectional overrides at sign-up and on change, and change nothing", async () => {
    for (const displayName of HOSTILE) {
      const name = uniqueName("ctl");
      const res = await signup({ name, displayName });
      expect(res.status, displayName).toBe(400);
      expect(res.body.message).toBe("displayName: must not contain control characters or bidirectional overrides");
      expect(res.body.error?.details?.fields).toEqual({ displayName: "must not contain control characters or bidirectional overrides" });
    }
    const m = await newMerchant();
    for (const displayName of HOSTILE) {
      const res = await call("PATCH", `/api/merchants/${m.id}`, { key: m.apiKey, body: { displayName } });
      expect(res.status).toBe(400);
    }
    expect((await call("GET", "/api/merchants/me", { key: m.apiKey })).body.responseObject.displayName).toBe("Test Shop");
  });

  it("take names in any script", async () => {
    for (const displayName of ["Café Zoë", "株式会社カフェ", "مقهى", "Straße & Söhne 🍕"]) {
      expect((await signup({ name: uniqueName("intl"), displayName })).status, displayName).toBe(201);
    }
  });
});
