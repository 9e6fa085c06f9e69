import { InngestTestEngine } from "@inngest/test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { auditLog, checkoutSessions } from "@/db/schema";
import { resetMailForTests } from "@/lib/mail";
import { call, newMerchant, randomIp, type TestMerchant, TOKEN, WALLET } from "../support/api";
import { testDb } from "../support/db";
import { captureStderr } from "../support/stderr";
import { mailboxForThisFile } from "../support/test-mailbox";
import { setEnv } from "../support/env";

// The payer's receipt (lib/receipts): a payment link that asked for the payer's email sends them one
// receipt once the payment completes, in the language their browser asked for when they started,
// through the service's mail. The job that sends it is run here by hand, as the dispatcher's poll or
// Inngest would run it, so that what the completion itself leaves in the database is what is tested.

let ip = randomIp();
let acceptLanguage: string | null = null;
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": ip, ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}) }),
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
let signedIn = "";
vi.mock("@/lib/auth/session", async (original) => (await import("../support/page-mocks")).signedInAs(() => signedIn)(original));
vi.mock("next/navigation", async (original) => (await import("../support/page-mocks")).stubRouter(original));
const { startLinkAction } = await import("@/actions/payment-link");
const { updatePayerReceipts } = await import("@/actions/dashboard/receipt");
const { findDueReceipts, sendReceiptIfDue } = await import("@/lib/receipts");
const sendReceipt = (await import("@/inngest/functions/due-jobs")).dueJobFunctions.receipt!;

const mailbox = mailboxForThisFile();

const URL_PATTERN = /https?:\/\//;
const GERMAN_MONTHS = "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split(" ");

let n = 0;
const newAddress = () => `payer-${Date.now().toString(36)}-${n++}@example.com`;
const attempt = () => `attempt-${Date.now().toString(36)}-${(n++).toString().padStart(8, "0")}`;

async function newLink(m: TestMerchant, overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/payment-links", {
    key: m.apiKey,
    body: {
      title: "Birthday cake",
      amount: "12.50",
      destinationChainId: 8453,
      destinationToken: TOKEN,
      recipientAddress: WALLET,
      ...overrides,
    },
  });
  if (res.status !== 201) throw new Error(`link creation failed: ${res.text}`);
  return res.body.responseObject as { id: string; slug: string };
}

/** The payer starts the link from their browser (its Accept-Language), answering its fields. */
async function startLink(slug: string, answers: Record<string, string>, language: string | null = null): Promise<string> {
  ip = randomIp();
  acceptLanguage = language;
  const started = await startLinkAction({ slug, attempt: attempt(), ...answers });
  if (!started.ok) throw new Error(`start failed: ${started.message}`);
  return new URL(started.data.checkoutUrl).searchParams.get("session")!;
}

/** Pays a session in the sandbox as the payer would: start, payment sent, the proof. */
async function pay(m: TestMerchant, sessionId: string) {
  const started = await call("POST", `/api/checkout/sessions/${sessionId}/start`, {
    key: m.apiKey,
    body: { paymentPlatform: "venmo", fiatCurrency: "USD" },
  });
  expect(started.status, started.text).toBe(200);
  await call("POST", `/api/checkout/sessions/${sessionId}/payment-sent`, { key: m.apiKey });
  const proof = { intentHash: started.body.responseObject.intentHash, proof: { sandbox: true, outcome: "success" } };
  const fulfilled = await call("POST", "/api/orders/fulfill", { key: m.apiKey, body: proof });
  expect(fulfilled.status, fulfilled.text).toBe(200);
  return proof;
}

/** One run of the receipts job: what is due, each sent (as the dispatcher's tick, or the sweep and its events). */
async function runReceiptJob() {
  const db = await testDb();
  return Promise.all((await findDueReceipts(db)).map((id) => sendReceiptIfDue(db, id)));
}

async function sessionRow(id: string) {
  const [row] = await (await testDb()).select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row!;
}

const emailField = { fields: [{ key: "email", required: true }] };

describe("a payer's receipt", () => {
  it("goes once to the address the payer gave, in their browser's language, with the amount, the merchant and the date", async () => {
    const m = await newMerchant();
    const link = await newLink(m, { title: "Geburtstagstorte", ...emailField });
    const to = newAddress();
    const sessionId = await startLink(link.slug, { email: to }, "de-CH,de;q=0.9,en;q=0.5");
    await pay(m, sessionId);

    // the completion's transaction left the receipt due: nothing in memory is needed to send it
    const completed = await sessionRow(sessionId);
    expect(completed).toMatchObject({ status: "COMPLETED", locale: "de", receiptSentAt: null });
    expect(completed.receiptDueAt).toEqual(completed.completedAt);
    expect(mailbox.allTo(to)).toEqual([]);

    expect(await runReceiptJob()).toEqual(["sent"]);
    const mails = mailbox.allTo(to);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Ihr Zahlungsbeleg (Testzahlung)");
    expect(mail.html).toBeNull();
    expect(mail.text).toContain("Vielen Dank für Ihre Zahlung an Test Shop.");
    expect(mail.text).toContain("Dies war eine Testzahlung: Es wurde kein Geld bewegt.");
    expect(mail.text).toContain("Für: Geburtstagstorte");
    expect(mail.text).toContain("Betrag: 12,50 USDC");
    expect(mail.text).toMatch(/Bezahlt mit Venmo: \d+,\d{2}\s\$/);
    const at = completed.completedAt!;
    expect(mail.text).toContain(`Datum: ${at.getUTCDate()}. ${GERMAN_MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()} um `);
    expect(mail.text).toMatch(/Datum: .* \d{2}:\d{2}:\d{2} UTC\n/);
    expect(mail.text).toContain(`Referenz: ${sessionId}`);
    // a sandbox payment: plain text with no link at all
    expect(mail.text).not.toMatch(URL_PATTERN);

    const sent = await sessionRow(sessionId);
    expect(sent.receiptDueAt).toBeNull();
    expect(sent.receiptSentAt).not.toBeNull();
  });

  it("is sent once however many job runs race for it, and not again when the completion is reported again", async () => {
    const m = await newMerchant();
    const link = await newLink(m, emailField);
    const to = newAddress();
    const sessionId = await startLink(link.slug, { email: to }, "fr-CA,fr;q=0.9");
    const proof = await pay(m, sessionId);

    // two instances' dispatchers (or a run and its retry) at once: one claims the receipt
    const outcomes = (await Promise.all([runReceiptJob(), runReceiptJob(), runReceiptJob()])).flat();
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "sent" && o !== "not-due")).toEqual([]);

    // the proof sent again is refused (the order is fulfilled), and no run finds anything to send
    const again = await call("POST", "/api/orders/fulfill", { key: m.apiKey, body: proof });
    expect(again.status).toBe(409);
    expect(await runReceiptJob()).toEqual([]);
    expect(await sendReceiptIfDue(await testDb(), sessionId)).toBe("not-due");

    const mails = mailbox.allTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Votre reçu de paiement de test");
  });

  it("is sent once by the Inngest function, whose duplicate events send nothing more", async () => {
    const m = await newMerchant();
    const link = await newLink(m, emailField);
    const to = newAddress();
    const sessionId = await startLink(link.slug, { email: to }, "pt");
    await pay(m, sessionId);

    const event = { name: "checkout/receipt.due", data: { sessionId } };
    const first = await new InngestTestEngine({ function: sendReceipt }).execute({ events: [event] });
    expect(first.result).toEqual({ sessionId, outcome: "sent" });
    const second = await new InngestTestEngine({ function: sendReceipt }).execute({ events: [event] });
    expect(second.result).toEqual({ sessionId, outcome: "not-due" });

    const mails = mailbox.allTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Seu recibo de pagamento de teste");
  });

  it("is in English when the payer's browser asked for none of our languages", async () => {
    const m = await newMerchant();
    const link = await newLink(m, emailField);
    const to = newAddress();
    const sessionId = await startLink(link.slug, { email: to }, "ja,zh-CN;q=0.8");
    await pay(m, sessionId);
    expect((await sessionRow(sessionId)).locale).toBeNull();
    expect(await runReceiptJob()).toEqual(["sent"]);
    const [mail] = mailbox.allTo(to);
    expect(mail!.subject).toBe("Your test payment receipt");
    expect(mail!.text).toContain("Amount: 12.50 USDC");
  });

  it("is not lost when the mail server cannot be reached: it is tried again later", async () => {
    const m = await newMerchant();
    const link = await newLink(m, emailField);
    const to = newAddress();
    const sessionId = await startLink(link.slug, { email: to });
    await pay(m, sessionId);

    const restore = setEnv({ SMTP_URL: "smtp://mailbox:mailbox@127.0.0.1:1" });
    resetMailForTests();
    const logged = captureStderr();
    try {
      expect(await runReceiptJob()).toEqual(["retry"]);
    } finally {
      vi.restoreAllMocks();
      restore();
      resetMailForTests();
    }
    // the failure is logged, without the payer's address
    expect(logged.join("")).toContain("mail could not be sent");
    expect(logged.join("")).not.toContain(to);
    const waiting = await sessionRow(sessionId);
    expect(waiting.receiptSentAt).toBeNull();
    expect(waiting.receiptDueAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await runReceiptJob()).toEqual([]); // not before its time

    // its time comes: sent, once
    const db = await testDb();
    await db.update(checkoutSessions).set({ receiptDueAt: new Date() }).where(eq(checkoutSessions.id, sessionId));
    expect(await runReceiptJob()).toEqual(["sent"]);
    expect(mailbox.allTo(to)).toHaveLength(1);
  });
});

describe("no receipt", () => {
  it("when the link asked for no email, or the payer left it out", async () => {
    const m = await newMerchant();
    const named = await newLink(m, { fields: [{ key: "name", required: true }] });
    const noEmail = await startLink(named.slug, { name: "Ada" }, "de");
    await pay(m, noEmail);
    const optional = await newLink(m, { fields: [{ key: "email", required: false }] });
    const leftOut = await startLink(optional.slug, { email: "" }, "de");
    await pay(m, leftOut);

    for (const id of [noEmail, leftOut]) expect(await sessionRow(id)).toMatchObject({ status: "COMPLETED", receiptDueAt: null });
    expect(await runReceiptJob()).toEqual([]);
  });

  it("when the merchant's owner turned receipts off in Settings, even for a payment that completed before", async () => {
    const m = await newMerchant();
    const link = await newLink(m, emailField);
    const early = newAddress();
    const completedBefore = await startLink(link.slug, { email: early });
    await pay(m, completedBefore);

    signedIn = m.id;
    expect(await updatePayerReceipts({ on: false })).toEqual({ ok: true, on: false });
    const db = await testDb();
    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, m.id), eq(auditLog.action, "settings.payer-receipts-off")));
    expect(audited).toHaveLength(1);
    const me = await call("GET", "/api/merchants/me", { key: m.apiKey });
    expect(me.body.responseObject).toMatchObject({ payerReceipts: false });

    const late = newAddress();
    const completedAfter = await startLink(link.slug, { email: late });
    await pay(m, completedAfter);
    expect((await runReceiptJob()).sort()).toEqual(["turned-off", "turned-off"]);
    expect(mailbox.allTo(early)).toEqual([]);
    expect(mailbox.allTo(late)).toEqual([]);
    for (const id of [completedBefore, completedAfter])
      expect(await sessionRow(id)).toMatchObject({ receiptDueAt: null, receiptSentAt: null });

    // on again: the next payment's payer gets theirs
    expect(await updatePayerReceipts({ on: true })).toEqual({ ok: true, on: true });
    const next = newAddress();
    await pay(m, await startLink(link.slug, { email: next }));
    expect(await runReceiptJob()).toEqual(["sent"]);
    expect(mailbox.allTo(next)).toHaveLength(1);
  });
});
