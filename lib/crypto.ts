import crypto from "node:crypto";
import { getConfig } from "@/lib/core/config";

export function sha256Hex(input: string | Buffer): string {
  return crypto.createHash("sha256").update(input).digest("hex");
}

/**
 * A key of its own for one purpose, derived from APP_SECRET by HKDF-SHA256 with the purpose as its
 * label: what is made with it and shown to others (a signed challenge) is made under that key alone.
 * Whether a guess of APP_SECRET can be tried against it offline depends on the secret's strength,
 * which a deployment must have (lib/core/config/secrets.ts): no derivation makes a weak one safe.
 */
export function purposeKey(purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", getConfig().appSecret, "checkout-service", `checkout:${purpose}`, 32));
}

function key(): Buffer {
  // a fixed derivation so that APP_SECRET may be any string
  return crypto.createHash("sha256").update(`checkout-at-rest:${getConfig().appSecret}`).digest();
}

/** AES-256-GCM; the output is "v1.<iv>.<tag>.<ciphertext>" in base64url. */
export function encrypt(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

export function decrypt(sealed: string): string {
  const [v, iv, tag, body] = sealed.split(".");
  if (v !== "v1" || !iv || !tag || body === undefined) throw new Error("unreadable sealed value");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
