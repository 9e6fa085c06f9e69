// Who is asking, whichever face the request came through. The API wrapper builds a merchant actor
// from the API key; the action helper builds a merchant actor from the dashboard's sign-in, or a
// payer actor from the checkout link's session id. Services that still take `Access` or
// `{ merchantId }` accept these as they are (a merchant actor has both shapes).

/** A merchant: through the API (keyId: the key that authenticated) or the dashboard (keyId: null). */
export type MerchantActor = { kind: "merchant"; merchantId: string; keyId: string | null; face: "api" | "dashboard" };

/** The payer on the hosted checkout page; its only authority is the session id of its link. */
export type PayerActor = { kind: "payer"; sessionId: string };

/** The operator, from the admin command line: every merchant's data, no key. */
export type OperatorActor = { kind: "operator" };

export type Actor = MerchantActor | PayerActor | OperatorActor;

export const apiMerchant = (key: { merchantId: string; keyId: string }): MerchantActor => ({
  kind: "merchant",
  merchantId: key.merchantId,
  keyId: key.keyId,
  face: "api",
});

// the next-auth session names the merchant; the key behind it is checked on every request there
export const dashboardMerchant = (merchantId: string): MerchantActor => ({ kind: "merchant", merchantId, keyId: null, face: "dashboard" });

export const payer = (sessionId: string): PayerActor => ({ kind: "payer", sessionId });

export const OPERATOR: OperatorActor = { kind: "operator" };
