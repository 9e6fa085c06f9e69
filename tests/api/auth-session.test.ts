import { getServerSession } from "next-auth";
import { encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authOptions } from "@/lib/auth/options";
import { getConfig } from "@/lib/core/config";
import { OPERATOR } from "@/lib/core/actor";
import { rotateApiKey, setMerchantDisabled } from "@/lib/merchants/admin";
import { newMerchant, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";

// The dashboard session as next-auth runs it: the credentials provider's authorize and the jwt
// callback at sign-in, then getServerSession for each later request (what requireMerchant calls),
// which decodes the cookie, runs the jwt and session callbacks and re-issues the sliding cookie.

const COOKIE = "next-auth.session-token";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Browser = { cookie: string | null };

async function signIn(apiKey: string): Promise<Browser> {
  const options = authOptions();
  const provider = options.providers[0] as unknown as { options: { authorize: (c: Record<string, string>, req: unknown) => Promise<any> } };
  const user = await provider.options.authorize({ apiKey }, {});
  if (!user) return { cookie: null };
  const token = await options.callbacks!.jwt!({ token: { name: user.name, sub: user.id }, user, account: null, trigger: "signIn" } as any);
  return { cookie: await encode({ token, secret: getConfig().nextAuthSecret, maxAge: options.session!.maxAge }) };
}

/** One dashboard request: the merchant id the page would see (null: redirect to sign-in). */
async function dashboardRequest(browser: Browser): Promise<string | null> {
  const setCookies: string[] = [];
  const res = {
    getHeader: (name: string) => (name.toLowerCase() === "set-cookie" ? setCookies : undefined),
    setHeader: (name: string, value: string | string[]) => {
      if (name.toLowerCase() === "set-cookie") setCookies.splice(0, setCookies.length, ...[value].flat());
    },
    setCookie: () => {},
  };
  const req = { headers: {}, cookies: browser.cookie ? { [COOKIE]: browser.cookie } : {} };
  const session = (await getServerSession(req as any, res as any, authOptions())) as { merchantId?: string } | null;
  // the browser keeps whatever cookie the answer set: the sliding renewal, or its removal
  for (const c of setCookies) {
    const [pair] = c.split(";");
    const [name, ...value] = pair!.split("=");
    if (name === COOKIE) browser.cookie = value.join("=") || null;
  }
  return session?.merchantId ?? null;
}

async function signedIn(): Promise<{ m: TestMerchant; browser: Browser }> {
  const m = await newMerchant();
  const browser = await signIn(m.apiKey);
  expect(browser.cookie).not.toBeNull();
  expect(await dashboardRequest(browser)).toBe(m.id);
  return { m, browser };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("dashboard session", () => {
  it("lasts while its key is live, and records which key signed in and when", async () => {
    const before = Date.now();
    const { m, browser } = await signedIn();
    const { decode } = await import("next-auth/jwt");
    const token = await decode({ token: browser.cookie!, secret: getConfig().nextAuthSecret });
    expect(token).toMatchObject({ merchantId: m.id, keyId: expect.stringMatching(/^key_/) });
    expect(token!.signedInAt).toBeGreaterThanOrEqual(before);
    expect(await dashboardRequest(browser)).toBe(m.id);
  });

  it("ends when its API key is rotated, and the new key signs in", async () => {
    const { m, browser } = await signedIn();
    const { apiKey } = await rotateApiKey(await testDb(), m.id, { actor: OPERATOR });
    expect(await dashboardRequest(browser)).toBeNull();
    expect((await signIn(m.apiKey)).cookie).toBeNull();
    const fresh = await signIn(apiKey);
    expect(await dashboardRequest(fresh)).toBe(m.id);
  });

  it("ends when the merchant is disabled, and enabling it again does not revive it", async () => {
    const { m, browser } = await signedIn();
    const db = await testDb();
    await setMerchantDisabled(db, m.id, true, { actor: OPERATOR });
    expect(await dashboardRequest(browser)).toBeNull();
    expect((await signIn(m.apiKey)).cookie).toBeNull();
    await setMerchantDisabled(db, m.id, false, { actor: OPERATOR });
    expect(await dashboardRequest(browser)).toBeNull();
    expect(await dashboardRequest(await signIn(m.apiKey))).toBe(m.id);
  });

  it("ends 7 days after sign-in however active it stays, and after 12 idle hours", async () => {
    const signInAt = Date.now();
    const { m, browser } = await signedIn();
    vi.useFakeTimers({ toFake: ["Date"], now: signInAt });
    // a request every 11 hours keeps the sliding 12-hour cookie alive…
    while (Date.now() + 11 * HOUR < signInAt + 7 * DAY) {
      vi.advanceTimersByTime(11 * HOUR);
      expect(await dashboardRequest(browser), `${(Date.now() - signInAt) / HOUR} h after sign-in`).toBe(m.id);
    }
    vi.setSystemTime(signInAt + 7 * DAY - 60_000);
    expect(await dashboardRequest(browser)).toBe(m.id);
    // …until the absolute lifetime is over, though the last request was minutes ago
    vi.setSystemTime(signInAt + 7 * DAY + 60_000);
    expect(await dashboardRequest(browser)).toBeNull();

    vi.useRealTimers();
    const idle = await signIn(m.apiKey);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 12 * HOUR + 60_000 });
    expect(await dashboardRequest(idle)).toBeNull();
  });

  it("ends a session whose token holds no key (signed in before keys were recorded)", async () => {
    const m = await newMerchant();
    const options = authOptions();
    const legacy = await encode({
      token: { sub: m.id, name: "Test Shop", merchantId: m.id },
      secret: getConfig().nextAuthSecret,
      maxAge: options.session!.maxAge,
    });
    expect(await dashboardRequest({ cookie: legacy })).toBeNull();
  });

  it("survives a database outage: the key is not known to be revoked, so the merchant stays signed in", async () => {
    const m = await newMerchant();
    const browser = await signIn(m.apiKey);
    const db = await testDb();
    const outage = vi.spyOn(db, "select").mockImplementation(() => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    });
    try {
      expect(await dashboardRequest(browser)).toBe(m.id);
    } finally {
      outage.mockRestore();
    }
    expect(await dashboardRequest(browser)).toBe(m.id);
  });
});
