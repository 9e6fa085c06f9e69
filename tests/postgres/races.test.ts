import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { proofAttempts, webhooks } from "@/db/schema";
import { decrypt } from "@/lib/crypto";
import { signingSecrets } from "@/lib/webhooks/delivery";
import { call, newMerchant, newWebhook, startedSession } from "../support/api";
import { testDb } from "../support/db";

// Races on real PostgreSQL: the webhook cap, secret rotation and the proof-attempt cap, each under
// simultaneous requests, must leave the state one-at-a-time requests would.

const together = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));

async function webhookRow(id: string) {
  return (await (await testDb()).select().from(webhooks).where(eq(webhooks.id, id)))[0]!;
}

describe("races on PostgreSQL", () => {
  it("30 simultaneous webhook creations leave exactly 20", async () => {
    const m = await newMerchant();
    const results = await together(30, (i) =>
      call("POST", "/api/webhooks", { key: m.apiKey, body: { url: `https://hooks.example.com/${i}` } }),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r.body).toMatchObject({ statusCode: 409, message: "A merchant can have at most 20 webhooks" });
    const rows = await (await testDb()).select().from(webhooks).where(eq(webhooks.merchantId, m.id));
    expect(rows).toHaveLength(20);
  });

  it("simultaneous rotations: the last one's secret is current, the one before it signs for 24 hours", async () => {
    const m = await newMerchant();
    const hook = await newWebhook(m);
    let before = hook.secret;
    for (let round = 0; round < 8; round++) {
      const n = round % 2 ? 2 : 6;
      const results = await together(n, () => call("POST", `/api/webhooks/${hook.id}/rotate-secret`, { key: m.apiKey }));
      expect(results.every((r) => r.status === 200)).toBe(true);
      const returned = results.map((r) => r.body.responseObject.secret as string);
      const row = await webhookRow(hook.id);
      const current = decrypt(row.secretEnc);
      const previous = decrypt(row.previousSecretEnc!);
      expect(returned).toContain(current);
      // rotations apply one after another: the previous is the secret another of them returned, never
      // the one from before the round, which was replaced at least twice
      expect(returned.filter((s) => s !== current)).toContain(previous);
      expect(previous).not.toBe(before);
      expect(signingSecrets(row)).toEqual([current, previous]);
      if (n === 2) expect(new Set(signingSecrets(row))).toEqual(new Set(returned));
      before = current;
    }
  });

  it("simultaneous proofs for one order record at most 5 attempts", async () => {
    const m = await newMerchant();
    const { started } = await startedSession(m);
    const results = await together(12, () =>
      call("POST", "/api/orders/fulfill", {
        key: m.apiKey,
        body: { intentHash: started.intentHash, proof: { sandbox: true, outcome: "invalid" } },
      }),
    );
    expect(results.filter((r) => r.status === 400 && r.body.error?.code === "PROOF_INVALID")).toHaveLength(5);
    expect(results.filter((r) => r.status === 409 && r.body.error?.details?.maxProofAttempts === 5)).toHaveLength(7);
    expect(await (await testDb()).select().from(proofAttempts).where(eq(proofAttempts.orderId, started.order.id))).toHaveLength(5);
  });
});
