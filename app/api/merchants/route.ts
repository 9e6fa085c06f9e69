import { recordAudit } from "@/lib/audit";
import { methods, route } from "@/lib/http/route";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { createMerchant } from "@/lib/merchants/service";
import { createMerchantBody } from "@/lib/merchants/schemas";

// POST /api/merchants – open sign-up; the API key is in this response and nowhere else, ever
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      doc: {
        operationId: "createMerchant",
        tag: "Merchants",
        summary: "Sign up",
        description:
          "Open sign-up: creates a merchant and its API key. The key is in this response and nowhere else, " +
          "ever. No API key; limited per client address. Does not honour Idempotency-Key: a retried sign-up " +
          "gets 409 for the taken name.",
        data: "createdMerchant",
        status: 201,
        errors: [409, 413],
        example: { name: "acme-shop", displayName: "Acme Shop", logoUrl: "https://acme.example/logo.png" },
      },
      auth: "public",
      rateLimit: RATE_RULES.signup,
      body: createMerchantBody,
    },
    async ({ db, body, ip }) => {
      const made = await createMerchant(db, body);
      // nobody owns it yet: a person claims it later with this key (lib/accounts/teams.ts)
      await recordAudit(db, {
        merchantId: made.id,
        who: { kind: "key", keyId: null, label: "API (POST /api/merchants)" },
        action: "account.created",
        target: made.name,
        ip,
      });
      return { status: 201, message: "Merchant created", data: made };
    },
  ),
});
