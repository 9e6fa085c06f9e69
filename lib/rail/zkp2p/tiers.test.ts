import http from "node:http";
import type { AddressInfo } from "node:net";
import { keccak256, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseLiveRailSettings } from "@/lib/core/config/live-rail";
import { capMicroOf, type PlatformLimit, type TakerTierAnswer, TakerTiers } from "./tiers";

// A wallet's tier as curator publishes it (the client SDK's TakerTier and PlatformLimit), read the way
// the rail chooses wallets: each platform's cap and lock, and the wallet's cooldown on the reversible
// methods only. The answers here are written from the published type, not from our stand-in.

const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const $ = (dollars: number) => BigInt(dollars) * 1_000_000n;

/** A PlatformLimit as published: the cap in base units, the display in dollars. */
function limit(platformName: string, dollars: number | null, risk: PlatformLimit["riskLevel"], cooldownHours = 0): PlatformLimit {
  return {
    paymentMethodHash: keccak256(toHex(platformName.toLowerCase().replace(/\s/g, ""))),
    platformName,
    riskLevel: risk,
    capMultiplier: 1,
    effectiveCap: $(dollars ?? 0).toString(),
    effectiveCapDisplay: `$${(dollars ?? 0).toLocaleString("en-US")}`,
    hasCooldown: risk !== "LOW",
    cooldownHours: risk !== "LOW" ? cooldownHours : 0,
    isLocked: dollars === null,
    minTierRequired: dollars === null ? "PLUS" : null,
  };
}

/** Peer Peasant as the tier guide puts it, cooling until `until` when given. */
function peasant(until: Date | null = null): TakerTierAnswer {
  return {
    owner: WALLET.toLowerCase(),
    chainId: 8453,
    tier: "PEASANT",
    // the tier's base cap: larger than Alipay's, smaller than Revolut's
    perIntentCapBaseUnits: $(100).toString(),
    perIntentCapDisplay: "$100",
    lastUpdated: new Date().toISOString(),
    source: "computed",
    stats: null,
    cooldownHours: 12,
    cooldownSeconds: 12 * 3600,
    cooldownActive: until !== null,
    cooldownRemainingSeconds: until ? Math.round((until.getTime() - Date.now()) / 1000) : 0,
    nextIntentAvailableAt: until?.toISOString() ?? null,
    platformLimits: [
      limit("Revolut", 500, "LOW"),
      limit("Wise", 500, "LOW"),
      limit("Monzo", 500, "LOW"),
      limit("N26", 500, "LOW"),
      limit("Alipay", 50, "LOW"),
      limit("Zelle", 150, "MEDIUM_HIGH", 12),
      limit("Venmo", null, "HIGH", 12),
      limit("Cash App", 100, "HIGH", 12),
      limit("Chime", 100, "HIGH", 12),
      limit("PayPal", null, "HIGHEST", 12),
    ],
  };
}

/** What the stand-in server answers next: a status and a body. */
let answer: { status: number; body: unknown } = { status: 200, body: null };
let asked: URL | null = null;
const server = http.createServer((req, res) => {
  asked = new URL(req.url!, "http://x");
  res.writeHead(answer.status, { "content-type": "application/json" });
  res.end(JSON.stringify(answer.body));
});
let url = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const settings = (env: Record<string, string> = {}) =>
  parseLiveRailSettings({
    ZKP2P_RPC_URL: "http://127.0.0.1:1",
    ZKP2P_ATTESTATION_URL: "http://127.0.0.1:1",
    ZKP2P_API_URL: url,
    ZKP2P_TAKER_KEYS: `0x${"1a".repeat(32)}`,
    ...env,
  })!;

/** The wallet's standing when curator answers `body` (wrapped as published). */
const standingFor = (body: TakerTierAnswer | Record<string, unknown>) => {
  answer = { status: 200, body: { success: true, message: "ok", statusCode: 200, responseObject: body } };
  return new TakerTiers(settings()).readNow(WALLET);
};

describe("a taker wallet's tier, as curator publishes it", () => {
  it("is asked for the wallet, lowercased, on the network's chain", async () => {
    await standingFor(peasant());
    expect(asked?.pathname).toBe("/v2/taker/tier");
    expect(Object.fromEntries(asked!.searchParams)).toEqual({ owner: WALLET.toLowerCase(), chainId: "8453" });
  });

  it("caps each platform at its own effectiveCap, not the tier's base cap; Venmo and PayPal locked at the lowest tier", async () => {
    const s = await standingFor(peasant());
    expect(s.tier).toBe("PEASANT");
    expect(s.capFor("revolut")).toBe($(500));
    expect(s.capFor("n26")).toBe($(500));
    expect(s.capFor("zelle")).toBe($(150));
    expect(s.capFor("chime")).toBe($(100));
    expect(s.capFor("venmo")).toBe(0n);
    expect(s.capFor("paypal")).toBe(0n);
  });

  it("matches curator's platform names in any case, spacing, or by payment method hash", async () => {
    const body = peasant();
    body.platformLimits = [
      { ...limit("REVOLUT", 400, "LOW") },
      // "Cash App" is our cashapp
      limit("Cash App", 90, "HIGH", 12),
      // a name we do not know, but the catalog's hash of "wise"
      { ...limit("Wise", 300, "LOW"), platformName: "TransferWise" },
    ];
    const s = await standingFor(body);
    expect(s.capFor("revolut")).toBe($(400));
    expect(s.capFor("cashapp")).toBe($(90));
    expect(s.capFor("wise")).toBe($(300));
    // not listed: the fallback's (lowest tier's) limit, Venmo locked
    expect(s.capFor("zelle")).toBe($(150));
    expect(s.capFor("venmo")).toBe(0n);
  });

  it("a wallet in its cooldown may not take a reversible method until it ends, and may take a low-risk one now", async () => {
    const until = new Date(Date.now() + 11 * 3600_000);
    const s = await standingFor(peasant(until));
    for (const p of ["zelle", "cashapp", "chime", "venmo", "paypal"])
      expect(s.availableAt(p)?.getTime(), p).toBeGreaterThanOrEqual(until.getTime() - 1000);
    for (const p of ["revolut", "wise", "monzo", "n26"]) expect(s.availableAt(p), p).toBeNull();
    // out of its cooldown: every platform now
    const free = await standingFor(peasant());
    expect(free.availableAt("zelle")).toBeNull();
  });

  it("a cooldown curator says is active with no end given still holds the reversible methods", async () => {
    const body = { ...peasant(), cooldownActive: true, cooldownRemainingSeconds: 0, nextIntentAvailableAt: null };
    const s = await standingFor(body);
    expect(s.availableAt("zelle")).not.toBeNull();
    expect(s.availableAt("revolut")).toBeNull();
  });

  it("an answer without a tier is a failure (the smoke test reports it); curator not answering leaves the lowest tier's limits", async () => {
    await expect(standingFor({ success: true })).rejects.toThrow(/no tier/);
    answer = { status: 503, body: { success: false, message: "down" } };
    const tiers = new TakerTiers(settings());
    await expect(tiers.readNow(WALLET)).rejects.toThrow(/503/);
    const s = await tiers.standing(WALLET);
    expect(s.tier).toBe("FALLBACK");
    expect(s.capFor("revolut")).toBe($(500));
    expect(s.capFor("zelle")).toBe($(150));
    expect(s.capFor("cashapp")).toBe($(100));
    expect(s.capFor("venmo")).toBe(0n);
    expect(s.capFor("paypal")).toBe(0n);
  });
});

describe("effectiveCap, whose unit is not published", () => {
  it("is base units (micro-USDC) when an integer string the display agrees with", () => {
    expect(capMicroOf("500000000", "$500")).toBe($(500));
    expect(capMicroOf("1250000000", "$1,250")).toBe($(1250));
    expect(capMicroOf("500000000", "500 USDC")).toBe($(500));
    expect(capMicroOf("150000000", "150.00")).toBe($(150));
    expect(capMicroOf("1874990000", "$1,875")).toBe(1_874_990_000n);
    // no display to go by: base units
    expect(capMicroOf("500000000", undefined)).toBe($(500));
    expect(capMicroOf("0", "$0")).toBe(0n);
  });

  it("is whole dollars when the display says so: 1e6 apart from the base-unit reading", () => {
    expect(capMicroOf("500", "$500")).toBe($(500));
    expect(capMicroOf("1250", "$1,250")).toBe($(1250));
    expect(capMicroOf("500", "500 USDC")).toBe($(500));
    expect(capMicroOf("500", "500.00")).toBe($(500));
  });

  it("is dollars as a decimal string; the smaller reading when neither agrees with the display", () => {
    expect(capMicroOf("500.00", "$500")).toBe($(500));
    expect(capMicroOf("500000000", "$100")).toBe($(100));
    expect(capMicroOf("70", "$500")).toBe(70n);
    expect(capMicroOf(undefined, "$50")).toBe($(50));
    expect(capMicroOf(undefined, "Locked")).toBeNull();
  });
});

describe("ZKP2P_TIER_FALLBACK", () => {
  it("is the tier guide's lowest tier by default: Venmo and PayPal locked, the reversible methods cooling 12 hours", () => {
    const table = Object.fromEntries(settings().tierFallback.map((t) => [t.platform, t]));
    expect(table.revolut).toEqual({ platform: "revolut", capMicro: $(500), locked: false, cooldownHours: 0 });
    for (const p of ["wise", "monzo", "mercadopago", "luxon", "n26"]) expect(table[p]?.capMicro, p).toBe($(500));
    expect(table.alipay?.capMicro).toBe($(50));
    expect(table.zelle).toEqual({ platform: "zelle", capMicro: $(150), locked: false, cooldownHours: 12 });
    expect(table.cashapp).toMatchObject({ capMicro: $(100), cooldownHours: 12 });
    expect(table.chime).toMatchObject({ capMicro: $(100), cooldownHours: 12 });
    expect(table.venmo).toMatchObject({ locked: true, cooldownHours: 12 });
    expect(table.paypal).toMatchObject({ locked: true, cooldownHours: 12 });
  });

  it("is set as platform=dollars[/cooldown] (locked or 0 for a locked platform); a platform not listed is locked", async () => {
    const s = settings({ ZKP2P_TIER_FALLBACK: "revolut=250, zelle=75.50/6h, venmo=locked/12h, cashapp=0" });
    expect(s.tierFallback).toEqual([
      { platform: "revolut", capMicro: $(250), locked: false, cooldownHours: 0 },
      { platform: "zelle", capMicro: 75_500_000n, locked: false, cooldownHours: 6 },
      { platform: "venmo", capMicro: 0n, locked: true, cooldownHours: 12 },
      { platform: "cashapp", capMicro: 0n, locked: true, cooldownHours: 0 },
    ]);
    answer = { status: 503, body: {} };
    const standing = await new TakerTiers(s).standing(WALLET);
    expect(standing.capFor("zelle")).toBe(75_500_000n);
    expect(standing.capFor("wise")).toBe(0n);
  });

  it("refuses what it cannot read, naming the entry", () => {
    expect(() => settings({ ZKP2P_TIER_FALLBACK: "venmo=five,zelle=150/soon,zelle=1,zelle=2" })).toThrow(
      /ZKP2P_TIER_FALLBACK: "venmo=five" is not[^\n]*\n\s*ZKP2P_TIER_FALLBACK: "zelle=150\/soon" is not[^\n]*\n\s*ZKP2P_TIER_FALLBACK: zelle is listed twice/,
    );
  });
});
