// The README's "Try it" with the typed client: signs a merchant up, creates a checkout session and
// prints the payer's link. Run it against a running service:
//
//   node --import tsx examples/try-it.ts                   # http://localhost:3000
//   CHECKOUT_BASE_URL=https://pay.example.com node --import tsx examples/try-it.ts
import { createCheckoutClient } from "@checkout/client";

const baseUrl = process.env.CHECKOUT_BASE_URL ?? "http://localhost:3000";

const anonymous = createCheckoutClient({ baseUrl });
const signup = await anonymous.POST("/api/merchants", {
  body: { name: `try-it-${Date.now()}`, displayName: "Try-it Shop" },
});
if (signup.error) throw new Error(`sign-up refused: ${signup.error.error.code}: ${signup.error.message}`);
const { id: merchantId, apiKey } = signup.data.responseObject;
console.log(`merchant ${merchantId}, API key ${apiKey} (shown once: keep it)`);

const checkout = createCheckoutClient({ baseUrl, apiKey });
const created = await checkout.POST("/api/checkout/sessions", {
  params: { header: { "Idempotency-Key": `try-it-${merchantId}` } },
  body: {
    merchantId,
    amountUsdc: "50.00",
    destinationChainId: 8453,
    destinationToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", // USDC on Base
    recipientAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
    metadata: { orderId: "1001" },
  },
});
if (created.error) throw new Error(`session refused: ${created.error.error.code}: ${created.error.message}`);
const { session, checkoutUrl } = created.data.responseObject;
console.log(`session ${session.id} is ${session.status} for ${session.amountUsdc} USDC`);
console.log(`send the payer to ${checkoutUrl}`);
