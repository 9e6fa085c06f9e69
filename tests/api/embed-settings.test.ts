import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { merchants } from "@/db/schema";
import { embedSettingsFor, frameAncestorsOfSession } from "@/lib/embed/framing";
import { newMerchant, newSession, randomIp, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";

// Settings → Embedding, through the dashboard's action, and what the payer's page and proxy.ts read
// back for a session: the merchant's own origins, normalised, and none for anything unknown.

let signedIn: TestMerchant;
vi.mock("@/lib/auth/session", () => ({ requireMerchant: async () => ({ merchantId: signedIn.id }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": randomIp() }) }));

const { updateEmbedding } = await import("@/actions/dashboard/embed");

const stored = async (id: string) =>
  (await (await testDb()).select({ o: merchants.frameAncestors }).from(merchants).where(eq(merchants.id, id)))[0]!.o;

beforeEach(async () => {
  signedIn = await newMerchant();
});

describe("the Embedding setting", () => {
  it("stores the origins normalised and without duplicates; an empty list allows nobody again", async () => {
    const r = await updateEmbedding({ origins: ["https://Shop.Example.com/", "https://shop.example.com:443", "http://localhost:5173"] });
    expect(r).toEqual({ ok: true, origins: ["https://shop.example.com", "http://localhost:5173"] });
    expect(await stored(signedIn.id)).toEqual(["https://shop.example.com", "http://localhost:5173"]);
    expect(await updateEmbedding({ origins: [] })).toEqual({ ok: true, origins: [] });
    expect(await stored(signedIn.id)).toEqual([]);
  });

  it("refuses a bad entry with a message quoting it, and changes nothing", async () => {
    await updateEmbedding({ origins: ["https://shop.example.com"] });
    const r = await updateEmbedding({ origins: ["https://ok.example.com", "https://shop.example.com/pay", "http://shop.example.com"] });
    expect(r).toMatchObject({ ok: false });
    expect(!r.ok && r.message).toBe(
      '"https://shop.example.com/pay" must be an origin only, without a path, query or fragment: https://shop.example.com; ' +
        '"http://shop.example.com" must use https:// (http:// only for localhost or 127.0.0.1)',
    );
    expect((await updateEmbedding({ origins: ["https://*.example.com"] })) as { message: string }).toMatchObject({
      message: expect.stringMatching(/wildcard/),
    });
    const eleven = Array.from({ length: 11 }, (_, i) => `https://s${i}.example.com`);
    expect(await updateEmbedding({ origins: eleven })).toMatchObject({ ok: false, message: "at most 10 origins may frame the checkout" });
    for (const input of [null, "https://shop.example.com", { origins: "https://shop.example.com" }, { origins: [1] }]) {
      expect(await updateEmbedding(input as never), JSON.stringify(input)).toMatchObject({ ok: false, message: expect.any(String) });
    }
    expect(await stored(signedIn.id)).toEqual(["https://shop.example.com"]);
  });

  it("changes the signed-in merchant's list only", async () => {
    const other = await newMerchant();
    await updateEmbedding({ origins: ["https://mine.example.com"] });
    expect(await stored(signedIn.id)).toEqual(["https://mine.example.com"]);
    expect(await stored(other.id)).toEqual([]);
  });
});

describe("the origins of a session", () => {
  it("the session's merchant's origins; none for an unknown session or a merchant that allows none", async () => {
    const db = await testDb();
    await updateEmbedding({ origins: ["https://shop.example.com"] });
    const s = await newSession(signedIn);
    const other = await newSession(await newMerchant());
    expect(await frameAncestorsOfSession(db, s.id)).toEqual(["https://shop.example.com"]);
    expect(await frameAncestorsOfSession(db, other.id)).toEqual([]);
    expect(await frameAncestorsOfSession(db, "sess_nope")).toEqual([]);
    expect(await frameAncestorsOfSession(db, "not-an-id")).toEqual([]);
    // the page gets them only when the link asks for embedding, and never an empty list
    expect(await embedSettingsFor(db, s.id, "true")).toEqual({ origins: ["https://shop.example.com"] });
    expect(await embedSettingsFor(db, s.id, undefined)).toBeNull();
    expect(await embedSettingsFor(db, s.id, "1")).toBeNull();
    expect(await embedSettingsFor(db, other.id, "true")).toBeNull();
  });

  it("a stored value that is not a bare origin is never handed out", async () => {
    const db = await testDb();
    await db
      .update(merchants)
      .set({ frameAncestors: ["https://ok.example.com", "https://x.example.com; script-src *"] })
      .where(eq(merchants.id, signedIn.id));
    const s = await newSession(signedIn);
    expect(await frameAncestorsOfSession(db, s.id)).toEqual(["https://ok.example.com"]);
  });
});
