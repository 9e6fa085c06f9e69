import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payer } from "@/lib/core/actor";
import { startFromLink } from "@/lib/links/service";
import { findDueReceipts, sendReceiptIfDue } from "@/lib/receipts";
import { markPaymentSent } from "@/lib/sessions/transitions";
import { call, randomIp } from "../support/api";
import { testDb } from "../support/db";
import { mailboxForThisFile } from "../support/test-mailbox";
import { driveUntil, liveMerchant, newWallet, prove, railUnderTest, startLive } from "./support";

// A live payment's receipt (lib/receipts) against the local chain: once the release is confirmed,
// the payer who gave their email on the link gets one receipt, whose only link is the release's
// page on the chain's explorer.

let stack: Awaited<ReturnType<typeof railUnderTest>>;
beforeAll(async () => {
  stack = await railUnderTest();
});
afterAll(async () => {
  await stack?.stop();
});
const mailbox = mailboxForThisFile();

describe("a live payment's receipt", () => {
  it("links the release transaction on the explorer, and nothing else", async () => {
    const db = await testDb();
    const m = await liveMerchant();
    const created = await call("POST", "/api/payment-links", {
      key: m.apiKey,
      body: {
        title: "Torta di compleanno",
        amount: "20.00",
        destinationChainId: 8453,
        destinationToken: stack.rail.addresses.usdc,
        recipientAddress: newWallet(),
        fields: [{ key: "email", required: true }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const to = `live-payer-${Date.now().toString(36)}@example.com`;
    const { sessionId } = await startFromLink(
      db,
      { slug: created.body.responseObject.slug, attempt: `attempt-${Date.now().toString(36)}-live0001`, email: to },
      { ip: randomIp(), acceptLanguage: "it-IT,it;q=0.9" },
    );

    const started = await startLive(sessionId);
    const mined = await driveUntil(db, started.order.id, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
    await markPaymentSent(db, sessionId, { actor: payer(sessionId) });
    await prove(sessionId, mined.intentHash!);
    // verified, not yet released: nothing is owed before the session completes
    expect(await findDueReceipts(db)).not.toContain(sessionId);
    const done = await driveUntil(db, mined.id, ["FULFILLED", "FAILED"]);
    expect(done.status, done.failureReason ?? "").toBe("FULFILLED");

    expect(await sendReceiptIfDue(db, sessionId)).toBe("sent");
    expect(await sendReceiptIfDue(db, sessionId)).toBe("not-due");
    const mails = mailbox.allTo(to);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("La tua ricevuta di pagamento");
    expect(mail.text).toContain("Causale: Torta di compleanno");
    expect(mail.text).toContain("Importo: 20,00 USDC");
    expect(mail.text).not.toContain("prova");
    expect(mail.text).toContain(`Transazione:\nhttps://basescan.org/tx/${done.fulfillTx}`);
    expect(mail.text.match(/https?:\/\//g)).toHaveLength(1);
  });
});
