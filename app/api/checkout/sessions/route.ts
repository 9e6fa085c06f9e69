import { methods, route } from "@/lib/http/route";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { createSessionBody, sessionListQuery } from "@/lib/sessions/schemas";
import { createSession, sessionPricing } from "@/lib/sessions/create";
import { listSessions } from "@/lib/sessions/read";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/checkout/sessions – a session for an amount in USDC, and the payer's checkout URL
  POST: route(
    {
      doc: {
        operationId: "createCheckoutSession",
        tag: "Checkout sessions",
        summary: "Create a checkout session",
        description:
          "A session for an amount in USDC (checkoutMode exact-token, the default: amountUsdc), or for a fixed " +
          "fiat price (exact-fiat: fiatAmount, optional fiatCurrency (USD) and maxFeePercentage (10); " +
          "amountUsdc is refused), and the hosted checkout URL to send the payer to. In exact-fiat the payer " +
          "pays exactly fiatAmount and the merchant receives the USDC the quote's rate gives, rounded down to " +
          "micro-USDC; a fiat amount that cannot meet the USDC bounds at today's rates is refused (400). " +
          "merchantId must be the key's own merchant (403 otherwise).",
        data: "createdSession",
        status: 201,
        errors: [413],
        example: {
          merchantId: "merch_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b",
          amountUsdc: "50.00",
          destinationChainId: 8453,
          destinationToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
          recipientAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
          successUrl: "https://acme.example/thanks",
          cancelUrl: "https://acme.example/cart",
          metadata: { orderRef: "A-1001" },
        },
      },
      rateLimit: RATE_RULES.createSession,
      body: createSessionBody,
      // an exact-fiat amount is checked against today's rates before any transaction
      prepare: ({ db, actor, body }) => sessionPricing(db, body, actor),
    },
    async ({ db, actor, body, prepared }) => ({
      status: 201,
      message: "Checkout session created",
      data: await createSession(db, body, { actor }, prepared),
    }),
  ),
  // GET /api/checkout/sessions – the merchant's sessions, newest first (extension)
  GET: route(
    {
      doc: {
        operationId: "listCheckoutSessions",
        tag: "Checkout sessions",
        summary: "List sessions",
        description:
          "The merchant's sessions, newest first, keyset-paginated. q matches a session id or any metadata value exactly; exception=open lists the sessions whose exception waits for a person.",
        data: "sessionList",
      },
      query: sessionListQuery,
    },
    async ({ db, actor, query }) => ({
      message: "Sessions retrieved",
      data: await listSessions(db, query, { actor }),
    }),
  ),
});
