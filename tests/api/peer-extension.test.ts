import type { PeerMetadataRow } from "@zkp2p/sdk";
import { describe, expect, it } from "vitest";
import { actionTypeFor, MIN_PEER_VERSION, paymentCandidates, versionAtLeast } from "@/components/checkout/peer-extension";
import { attestationRoute } from "@/lib/rail/zkp2p/proof";

// The payer's page and the proof's route, as the Peer extension and the attestation service need them:
// the extension's version, Zelle's per-bank route, and which row of the history is the payment.

const row = (i: number, amount: string, recipient?: string, hidden = false): PeerMetadataRow => ({
  originalIndex: i,
  amount,
  hidden,
  ...(recipient ? { recipient } : {}),
});

describe("the Peer extension's version", () => {
  it.each([
    ["0.6.0", true],
    ["0.6.2", true],
    ["0.10.1", true],
    ["1.0.0", true],
    ["v0.7.0", true],
    ["0.5.9", false],
    ["0.5.10", false],
    ["", false],
    ["unknown", false],
  ])("%s is at least 0.6.0: %s", (version, ok) => expect(versionAtLeast(version, "0.6.0")).toBe(ok));

  it("the page asks for 0.6.3, as @zkp2p/sdk 0.14.1's platform configs do (minExtensionVersion)", () => {
    expect(MIN_PEER_VERSION).toBe("0.6.3");
    expect(versionAtLeast("0.6.2", MIN_PEER_VERSION)).toBe(false);
    expect(versionAtLeast("0.6.3", MIN_PEER_VERSION)).toBe(true);
  });
});

describe("the attestation route of a proof", () => {
  it("Zelle names the payer's bank; another route, or none, is refused", () => {
    for (const bank of ["bofa", "chase", "citi"] as const) {
      expect(actionTypeFor("zelle", bank)).toBe(`transfer_zelle_${bank}`);
      expect(attestationRoute("zelle", `transfer_zelle_${bank}`)).toEqual({ ok: true, actionType: `transfer_zelle_${bank}` });
    }
    expect(attestationRoute("zelle", "transfer_zelle")).toMatchObject({ ok: false });
    expect(attestationRoute("zelle", undefined)).toMatchObject({ ok: false, message: expect.stringContaining("transfer_zelle_bofa") });
  });

  it("every other platform has its own route, which the payer cannot change", () => {
    expect(actionTypeFor("venmo")).toBe("transfer_venmo");
    expect(attestationRoute("venmo", undefined)).toEqual({ ok: true, actionType: "transfer_venmo" });
    expect(attestationRoute("venmo", "transfer_venmo")).toEqual({ ok: true, actionType: "transfer_venmo" });
    expect(attestationRoute("venmo", "transfer_revolut")).toMatchObject({ ok: false });
    expect(attestationRoute("venmo", "transfer_business_paypal")).toMatchObject({ ok: false });
  });

  it("PayPal is proven from a personal or a business account, each on its own route", () => {
    expect(attestationRoute("paypal", undefined)).toEqual({ ok: true, actionType: "transfer_paypal" });
    expect(attestationRoute("paypal", "transfer_paypal")).toEqual({ ok: true, actionType: "transfer_paypal" });
    expect(attestationRoute("paypal", "transfer_business_paypal")).toEqual({ ok: true, actionType: "transfer_business_paypal" });
    expect(attestationRoute("paypal", "transfer_venmo")).toMatchObject({
      ok: false,
      message: expect.stringContaining("transfer_paypal or transfer_business_paypal"),
    });
  });
});

describe("which row of the history is the payment", () => {
  const order = { amount: "30.60", recipient: "@local-maker" };

  it("one row of the amount to the payee: taken without asking", () => {
    const rows = [row(0, "-5.00", "@someone"), row(1, "-30.60", "@local-maker")];
    expect(paymentCandidates(rows, order)).toEqual({ exact: rows[1], candidates: [rows[1]] });
  });

  it("two rows of the amount: the payer picks, even when one names the payee", () => {
    const rows = [row(0, "-30.60", "@local-maker"), row(1, "-30.60", "@someone-else")];
    const found = paymentCandidates(rows, order);
    expect(found.exact).toBeNull();
    expect(found.candidates).toEqual(rows);
  });

  it("a recipient written differently from the handle is offered, not refused", () => {
    const rows = [row(0, "-30.60", "Local Maker")];
    expect(paymentCandidates(rows, order)).toEqual({ exact: null, candidates: rows });
  });

  it("hidden rows and other amounts are never candidates", () => {
    const rows = [row(0, "-30.60", "@local-maker", true), row(1, "-30.61", "@local-maker")];
    expect(paymentCandidates(rows, order)).toEqual({ exact: null, candidates: [] });
  });
});
