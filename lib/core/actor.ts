// Who is asking, whichever face the request came through. The API wrapper builds a merchant actor
// from the API key; the action helper builds a merchant actor from the dashboard's sign-in, or a
// payer actor from the checkout link's session id; the admin command line acts as the operator and
// the service's own jobs (expiry, delivery) as the system. Every service takes it the same way, as
// the `actor` of its last argument, an options object: `getSessionOrThrow(db, id, { actor })`.

/** A member of a merchant account, signed in to the dashboard, with the role the server checks. */
export type Person = { userId: string; email: string; role: "owner" | "developer" | "viewer" };

/**
 * A merchant: through the API (keyId: the key that authenticated) or the dashboard (keyId: null;
 * `person` is who signed in, absent for an account no person has claimed yet, whose API key still
 * signs in to the dashboard).
 */
export type MerchantActor = {
  kind: "merchant";
  merchantId: string;
  keyId: string | null;
  /** "link": a payer starting a checkout on one of the merchant's payment links (no key, no person) */
  face: "api" | "dashboard" | "link";
  /** the merchant's environment, when the face already read it (the API key's lookup does) */
  environment?: "sandbox" | "live";
  /** the merchant's fee setting (lib/rail/fees.ts), when the face already read it (the API key's lookup does) */
  feeTerms?: { feePayer: "MERCHANT" | "PAYEE" | "SPLIT"; buyerFeeShareBps: number | null };
  person?: Person;
  /** the client's address, for the audit trail */
  ip?: string;
};

/**
 * The payer on the hosted checkout page; its authority is its link: the session id, and for a v1
 * order also the order token that the link carries (a session that has a token opens only with it).
 */
export type PayerActor = { kind: "payer"; sessionId: string; token?: string };

/** The operator, from the admin command line: every merchant's data, no key. */
export type OperatorActor = { kind: "operator" };

/** The service itself: the expiry sweep and the delivery engine, acting on what is already due. */
export type SystemActor = { kind: "system" };

export type Actor = MerchantActor | PayerActor | OperatorActor | SystemActor;

/** The last argument of every service: who acts, in an object that can grow (a transaction, a clock). */
export type As<A extends Actor = Actor> = { actor: A };

export const apiMerchant = (key: {
  merchantId: string;
  keyId: string;
  environment?: "sandbox" | "live";
  feeTerms?: MerchantActor["feeTerms"];
}): MerchantActor => ({
  kind: "merchant",
  merchantId: key.merchantId,
  keyId: key.keyId,
  face: "api",
  ...(key.environment ? { environment: key.environment } : {}),
  ...(key.feeTerms ? { feeTerms: key.feeTerms } : {}),
});

// the next-auth session names the person (or, for an unclaimed account, the key); both are checked on every request there
export const dashboardMerchant = (merchantId: string, person?: Person): MerchantActor =>
  person
    ? { kind: "merchant", merchantId, keyId: null, face: "dashboard", person }
    : { kind: "merchant", merchantId, keyId: null, face: "dashboard" };

/** The merchant of a payment link, as a payer's start on the link acts for it (lib/links). */
export const linkMerchant = (merchantId: string): MerchantActor => ({ kind: "merchant", merchantId, keyId: null, face: "link" });

export const payer = (sessionId: string, token?: string): PayerActor =>
  token ? { kind: "payer", sessionId, token } : { kind: "payer", sessionId };

export const OPERATOR: OperatorActor = { kind: "operator" };

export const SYSTEM: SystemActor = { kind: "system" };
