import crypto from "node:crypto";

/**
 * ZKP2P Pay's scheme: lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole
 * secret string ("whsec_…" included).
 */
export function zkp2pSignature(secret: string, timestamp: number, body: string): string {
  return crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** Standard Webhooks: base64 HMAC-SHA256 of "<id>.<timestamp>.<body>", keyed with the base64 part of the secret. */
export function standardSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");
  return crypto.createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
}

/** The headers signatureHeaders() sets on every attempt: a webhook's own custom headers may never name them. */
export const SIGNATURE_HEADER_NAMES = [
  "X-Webhook-Id",
  "X-Webhook-Timestamp",
  "X-Webhook-Signature",
  "webhook-id",
  "webhook-timestamp",
  "webhook-signature",
] as const;

/**
 * The headers of one attempt. While a secret is being rotated both secrets sign: the ZKP2P header
 * then lists both hex signatures, newest first, separated by a comma; the Standard Webhooks header
 * lists both, space-separated, as that standard provides.
 */
export function signatureHeaders(secrets: string[], eventId: string, timestamp: number, body: string): Record<string, string> {
  return {
    "X-Webhook-Id": eventId,
    "X-Webhook-Timestamp": String(timestamp),
    "X-Webhook-Signature": secrets.map((s) => zkp2pSignature(s, timestamp, body)).join(","),
    "webhook-id": eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((s) => `v1,${standardSignature(s, eventId, timestamp, body)}`).join(" "),
  };
}
