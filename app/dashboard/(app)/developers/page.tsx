import type { Metadata } from "next";
import Link from "next/link";
import { ui } from "@/components/ui/styles";
import { getConfig } from "@/lib/core/config";
import { ApiKeys } from "@/components/dashboard/api-keys";
import { getDb } from "@/db/client";
import { listKeys } from "@/lib/accounts/keys";
import { roleOf } from "@/lib/accounts/roles";
import { requireMerchant } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Developers" };

export default async function DevelopersPage() {
  const { merchantId, actor } = await requireMerchant("developer");
  const keys = await listKeys(await getDb(), merchantId);
  const base = getConfig().appUrl;
  const curl = `curl -X POST ${base}/api/checkout/sessions \\
  -H "X-API-Key: $CHECKOUT_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "merchantId": "${merchantId}",
    "amountUsdc": "50.00",
    "destinationChainId": 8453,
    "destinationToken": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    "recipientAddress": "<your wallet address>",
    "successUrl": "https://shop.example/thanks",
    "cancelUrl": "https://shop.example/cart",
    "metadata": { "orderId": "1001" }
  }'`;
  const verify = `import crypto from "node:crypto";

// rawBody: the request body exactly as received, before JSON parsing
export function verifyWebhook(rawBody, headers, secret) {
  const timestamp = headers["x-webhook-timestamp"];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false; // refuse replays
  const expected = crypto.createHmac("sha256", secret).update(\`\${timestamp}.\${rawBody}\`).digest("hex");
  // during a secret rotation the header lists two signatures, comma-separated
  return headers["x-webhook-signature"].split(",").some(
    (sig) => sig.length === expected.length && crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(expected)),
  );
}
// dedupe on headers["x-webhook-id"]: a retried event keeps its id`;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Developers</h1>
      <section className={ui.card} aria-labelledby="keys-heading" id="keys">
        <h2 id="keys-heading" className="font-semibold">
          API keys
        </h2>
        <p className={`mt-1 text-sm ${ui.muted}`}>
          Keep each key on the server that uses it. Roll a key to replace it without downtime: the old one works on for the grace period you
          choose.
        </p>
        <ApiKeys keys={keys} canRevoke={roleOf(actor) === "owner"} me={actor.person?.userId ?? null} />
      </section>
      <section className={ui.card} aria-labelledby="docs">
        <h2 id="docs" className="font-semibold">
          Documentation
        </h2>
        <p className={`mt-1 ${ui.muted}`}>Every endpoint, field and error code, and step-by-step guides.</p>
        <ul className="mt-3 flex flex-wrap gap-3">
          <li>
            <Link href="/docs" className={`${ui.button} ${ui.primary}`}>
              API reference
            </Link>
          </li>
          <li>
            <Link href="/docs/guides/quick-start" className={`${ui.button} ${ui.secondary}`}>
              Quick start guide
            </Link>
          </li>
          <li>
            <Link href="/docs/guides" className={`${ui.button} ${ui.secondary}`}>
              All guides
            </Link>
          </li>
        </ul>
      </section>
      <section className={ui.card} aria-labelledby="create">
        <h2 id="create" className="font-semibold">
          Create a checkout session
        </h2>
        <p className={`mt-1 ${ui.muted}`}>Send the payer to the checkoutUrl in the response.</p>
        <pre
          tabIndex={0}
          aria-label="curl example"
          className="mt-3 overflow-x-auto rounded-lg bg-slate-100 p-3 font-mono text-xs dark:bg-slate-800"
        >
          {curl}
        </pre>
      </section>
      <section className={ui.card} aria-labelledby="verify">
        <h2 id="verify" className="font-semibold">
          Verify a webhook
        </h2>
        <p className={`mt-1 ${ui.muted}`}>
          Every delivery carries X-Webhook-Id, X-Webhook-Timestamp and X-Webhook-Signature, and the Standard Webhooks headers for its
          libraries.
        </p>
        <pre
          tabIndex={0}
          aria-label="Verification code"
          className="mt-3 overflow-x-auto rounded-lg bg-slate-100 p-3 font-mono text-xs dark:bg-slate-800"
        >
          {verify}
        </pre>
      </section>
    </div>
  );
}
