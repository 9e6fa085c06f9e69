import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { idempotencyRecords, proofAttempts } from "@/db/schema";
import { sha256Hex } from "@/lib/crypto";
import { call, newMerchant, newWebhook, startedSession } from "../support/api";
import { testDb } from "../support/db";

// A request with an Idempotency-Key runs in one transaction with its key. When a service records
// something and then answers with a client error (a rejected proof is recorded, then refused), the
// record must stay, exactly as without a key, and the error is the key's answer.

describe("a client error under an Idempotency-Key", () => {
  it("keeps what the service recorded: rejected proofs count, and the cap of 5 holds", async () => {
    const m = await newMerchant();
    const { started } = await startedSession(m);
    const fulfil = (outcome: string, key: string) =>
      call("POST", "/api/orders/fulfill", {
        key: m.apiKey,
        body: { intentHash: started.intentHash, proof: { sandbox: true, outcome } },
        headers: { "idempotency-key": key },
      });

    const first = await fulfil("invalid", "proof-1");
    expect(first.status).toBe(400);
    expect(first.body.error?.code).toBe("PROOF_INVALID");
    for (let i = 2; i <= 5; i++) expect((await fulfil("invalid", `proof-${i}`)).body.error?.code).toBe("PROOF_INVALID");
    const db = await testDb();
    expect(await db.select().from(proofAttempts).where(eq(proofAttempts.orderId, started.order.id))).toHaveLength(5);

    const sixth = await fulfil("success", "proof-6");
    expect(sixth.status).toBe(409);
    expect(sixth.body.error?.details).toMatchObject({ maxProofAttempts: 5 });

    // the first key answers what it answered, and records nothing more
    const again = await fulfil("invalid", "proof-1");
    expect(again.status).toBe(400);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(await db.select().from(proofAttempts).where(eq(proofAttempts.orderId, started.order.id))).toHaveLength(5);
  });
});

describe("a claim left by a process that died, on a route that claims outside a transaction", () => {
  it("is taken over once it is older than such a request can take", async () => {
    const m = await newMerchant();
    const hook = await newWebhook(m);
    const db = await testDb();
    const path = `/api/webhooks/${hook.id}/test`;
    const stale = {
      scope: m.id,
      requestHash: sha256Hex(`POST ${path}\n`),
      state: "running" as const,
      expiresAt: new Date(Date.now() + 86_400_000),
    };
    await db.insert(idempotencyRecords).values([
      { ...stale, key: "died-long-ago", createdAt: new Date(Date.now() - 10 * 60_000) },
      { ...stale, key: "still-running", createdAt: new Date() },
    ]);
    const fresh = await call("POST", path, { key: m.apiKey, headers: { "idempotency-key": "still-running" } });
    expect(fresh.status).toBe(409);
    expect(fresh.body.error?.code).toBe("IDEMPOTENCY_CONFLICT");
    const old = await call("POST", path, { key: m.apiKey, headers: { "idempotency-key": "died-long-ago" } });
    expect(old.status).toBe(200);
    expect(old.headers.get("idempotent-replayed")).toBeNull();
  });
});
