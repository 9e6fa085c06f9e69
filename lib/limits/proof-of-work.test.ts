import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { envForTests } from "@/tests/support/env";
import { newChallenge } from "./proof-of-work";

// The payer's page shows every visitor a signed challenge. It is signed under a key of its own,
// HKDF-derived from APP_SECRET with the proof of work's label: not with the secret itself, nor with
// the plain hash of a label and the secret that a guess would be tried with.

const APP_SECRET = "Qm9vdHN0cmFwIGtleSBmb3IgdGhlIHByb29mIG9mIHdvcms";
envForTests({
  APP_SECRET,
  NEXTAUTH_SECRET: "bm90IHRoZSBhcHAgc2VjcmV0LCB0aGUgb3RoZXIgb25l",
  DATABASE_URL: undefined,
  DATA_DIR: "memory://",
});

const hmac = (key: string, text: string) => crypto.createHmac("sha256", key).update(text).digest("hex");
const hkdf = (label: string) =>
  Buffer.from(crypto.hkdfSync("sha256", APP_SECRET, "checkout-service", `checkout:${label}`, 32)).toString("hex");
const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

describe("the proof of work's challenge", () => {
  it("is signed with a key HKDF-derived from APP_SECRET under its own label, and with nothing a plain hash of the secret gives", async () => {
    const { parameters, signature } = JSON.parse(Buffer.from(await newChallenge("sess_pow_key"), "base64url").toString("utf8"));
    const signed = JSON.stringify(parameters);
    expect(parameters.data).toEqual({ session: "sess_pow_key" });
    expect(signature).toBe(hmac(hkdf("proof-of-work:challenge"), signed));
    for (const guessKey of [APP_SECRET, sha256(APP_SECRET), sha256(`checkout-proof-of-work:challenge:${APP_SECRET}`)])
      expect(hmac(guessKey, signed)).not.toBe(signature);
  });
});
