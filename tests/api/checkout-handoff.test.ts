import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { cancelCheckout, handoffLink } from "@/actions/checkout";
import { GET as qr } from "@/app/c/[code]/qr/route";
import { checkoutSessions } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import { HANDOFF_CODE_LENGTH, normalizeHandoffCode, resolveHandoff } from "@/lib/checkout/handoff";
import { call, newMerchant, newSession, randomIp, WALLET } from "../support/api";
import { testDb } from "../support/db";

// The hand-off to a computer: a payer whose browser cannot prove a live payment gets a short link (and
// its QR code) that opens the same checkout on a computer, while the checkout is open, and no more.

vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": randomIp() }) }));

/** A session of a live merchant's, as far as the hand-off is concerned (this suite has no real rail). */
async function asLive(sessionId: string) {
  await (await testDb()).update(checkoutSessions).set({ environment: "live" }).where(eq(checkoutSessions.id, sessionId));
}

const qrOf = (url: string) => {
  const path = new URL(url).pathname;
  return qr(new Request(`http://localhost${path}/qr`, { headers: { "x-forwarded-for": randomIp() } }), {
    params: Promise.resolve({ code: path.split("/").pop()! }),
  });
};

describe("the hand-off to a computer", () => {
  it("a live session's short link leads to its checkout while it is open; the same link each time; ended, it leads nowhere", async () => {
    const m = await newMerchant();
    const s = await newSession(m);
    await asLive(s.id);

    const first = await handoffLink(s.id);
    if (!first.ok) throw new Error(first.message);
    const { url, code, qrPath } = first.handoff;
    expect(url).toBe(`${getConfig().checkoutUrl}/c/${code}`);
    expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect(qrPath).toBe(`/c/${code}/qr`);
    // asked again (a reload, another tab): the same link
    expect(await handoffLink(s.id)).toEqual(first);

    // typed on a computer, in any case, with or without the dash
    for (const typed of [code, code.toUpperCase(), code.replace("-", ""), ` ${code.replace("-", " ")} `])
      expect(await resolveHandoff(await testDb(), typed)).toEqual({
        open: true,
        url: `${getConfig().checkoutUrl}/checkout?session=${s.id}`,
      });
    const image = await qrOf(url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");

    // once the session has ended, neither the link nor its code leads anywhere
    expect((await cancelCheckout(s.id)).ok).toBe(true);
    expect(await resolveHandoff(await testDb(), code)).toEqual({ open: false });
    expect((await qrOf(url)).status).toBe(404);
    const again = await handoffLink(s.id);
    expect(again).toMatchObject({ ok: false, message: "This checkout has ended" });
  });

  it("a v1 order's link carries its token, sealed at rest; a wrong token gets no link", async () => {
    const m = await newMerchant();
    const created = await call("POST", "/api/v1/orders", {
      key: m.apiKey,
      body: { requestedUsdcAmount: "25.00", destinationAddress: WALLET },
    });
    expect(created.status, created.text).toBe(201);
    const { order, orderToken, checkoutUrl } = created.body.responseObject as {
      order: { id: string };
      orderToken: string;
      checkoutUrl: string;
    };
    await asLive(order.id);

    expect(await handoffLink(order.id)).toMatchObject({ ok: false, message: "Session not found" });
    expect(await handoffLink(order.id, "otk_wrong")).toMatchObject({ ok: false });
    const made = await handoffLink(order.id, orderToken);
    if (!made.ok) throw new Error(made.message);
    expect(await resolveHandoff(await testDb(), made.handoff.code)).toEqual({ open: true, url: checkoutUrl });
    const [row] = await (
      await testDb()
    )
      .select({ sealed: checkoutSessions.handoffToken })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, order.id));
    expect(row!.sealed).toMatch(/^v1\./);
    expect(row!.sealed).not.toContain(orderToken);
  });

  it("the sandbox needs no hand-off; an unknown or malformed code is not found", async () => {
    const m = await newMerchant();
    const s = await newSession(m);
    expect(await handoffLink(s.id)).toMatchObject({ ok: false, message: "A sandbox payment is finished in this browser" });
    expect(await handoffLink("sess_00000000000000000000000000000000")).toMatchObject({ ok: false });
    const db = await testDb();
    expect(await resolveHandoff(db, "zzzzz-zzzzz")).toBeNull();
    for (const bad of ["", "short", "uuuuu-uuuuu", "<script>", "a".repeat(500)]) expect(await resolveHandoff(db, bad)).toBeNull();
    const refused = await qr(new Request("http://localhost/c/nope/qr"), { params: Promise.resolve({ code: "nope" }) });
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.code).toBe("NOT_FOUND");
  });

  it("a code reads as typed: case, dashes and spaces do not matter, i and l are 1, o is 0", () => {
    expect(normalizeHandoffCode("K7M2Q-9XW4T")).toBe("k7m2q9xw4t");
    expect(normalizeHandoffCode("k7m2q 9xw4t")).toBe("k7m2q9xw4t");
    expect(normalizeHandoffCode("iLo00-abcde")).toBe("11000abcde");
    expect(normalizeHandoffCode("k7m2q-9xw4")).toBeNull();
    expect(normalizeHandoffCode("k7m2q-9xw4u")).toBeNull();
    expect(HANDOFF_CODE_LENGTH).toBe(10);
  });
});
