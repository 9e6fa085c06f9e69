import { beforeEach, describe, expect, it, vi } from "vitest";
import { call, newMerchant, randomIp, type TestMerchant, WALLET } from "../support/api";

// The payout wallet (dashboard settings): where v1 orders that name no destinationAddress pay out.

let signedIn: TestMerchant;
vi.mock("@/lib/auth/session", () => ({ requireMerchant: async () => ({ merchantId: signedIn.id }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": randomIp() }) }));

const { updatePayoutWallet } = await import("@/actions/dashboard/wallet");

const profile = async (m: TestMerchant) => (await call("GET", "/api/v1/merchants/me", { key: m.apiKey })).body.responseObject;
const order = (m: TestMerchant) => call("POST", "/api/v1/orders", { key: m.apiKey, body: { requestedUsdcAmount: "10.00" } });

beforeEach(async () => {
  signedIn = await newMerchant();
});

describe("the payout wallet", () => {
  it("is saved checksummed, shown in the v1 profile, and used by orders that name no destination", async () => {
    expect((await order(signedIn)).status).toBe(400);
    expect(await updatePayoutWallet(` ${WALLET.toLowerCase()} `)).toEqual({ ok: true, evmWalletAddress: WALLET });
    expect((await profile(signedIn)).evmWalletAddress).toBe(WALLET);
    const res = await order(signedIn);
    expect(res.status, res.text).toBe(201);
    expect(res.body.responseObject.order.destinationAddress).toBe(WALLET);
  });

  it("refuses a bad address and changes nothing; an empty field removes it", async () => {
    await updatePayoutWallet(WALLET);
    for (const bad of ["0x123", "not an address", WALLET.replace("E", "e"), 42 as never]) {
      const r = await updatePayoutWallet(bad);
      expect(r, String(bad)).toMatchObject({ ok: false, message: expect.stringContaining("evmWalletAddress") });
    }
    expect((await profile(signedIn)).evmWalletAddress).toBe(WALLET);
    expect(await updatePayoutWallet("  ")).toEqual({ ok: true, evmWalletAddress: null });
    expect((await profile(signedIn)).evmWalletAddress).toBeNull();
  });

  it("is the signed-in merchant's own", async () => {
    const other = await newMerchant();
    await updatePayoutWallet(WALLET);
    expect((await profile(other)).evmWalletAddress).toBeNull();
  });
});
