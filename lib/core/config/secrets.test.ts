import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { type Settings, setEnv } from "@/tests/support/env";
import { getConfig } from "./index";
import { secretWeakness } from "./secrets";

// A deployment's APP_SECRET and NEXTAUTH_SECRET key what others see (signed challenges, session
// cookies, sealed values in links), so a guess could be tried against them offline: with
// DATABASE_URL set (or the real rail on), a secret that is not 32 random bytes in base64 or hex
// refuses the start, saying why and what to use, never repeating the secret.

const strong = () => crypto.randomBytes(32).toString("base64url");
const RAIL: Settings = {
  ZKP2P_RPC_URL: "http://127.0.0.1:8545",
  ZKP2P_API_URL: "https://api.example.test/",
  ZKP2P_ATTESTATION_URL: "https://attest.example.test",
  ZKP2P_TAKER_KEYS: `0x${"1a".repeat(32)}`,
};
const NO_RAIL: Settings = Object.fromEntries(Object.keys(RAIL).map((k) => [k, undefined]));

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});
const secretsWith = (settings: Settings) => {
  restore = setEnv({ DATA_DIR: "memory://", ...NO_RAIL, ...settings });
  return () => {
    const config = getConfig();
    return { app: config.appSecret, auth: config.nextAuthSecret };
  };
};
const DEPLOYED = "postgres://postgres@127.0.0.1:5432/never_connected";

describe("the secrets' strength", () => {
  it("random bytes as the usual tools write them are strong enough", () => {
    for (let i = 0; i < 500; i++) {
      const bytes = crypto.randomBytes(32);
      // `openssl rand -base64 32`, base64url without padding, `openssl rand -hex 32`, and longer ones
      for (const written of [
        bytes.toString("base64"),
        bytes.toString("base64url"),
        bytes.toString("hex"),
        crypto.randomBytes(48).toString("base64"),
      ])
        expect(secretWeakness(written), written).toBeNull();
    }
  });

  it("a word, a phrase, a short value or a pattern is too weak, and says why", () => {
    const weak: Record<string, RegExp> = {
      "test-app-secret": /holds 11 bytes at most \(15 characters\)/,
      bench: /holds 3 bytes at most/,
      "a secret of this test": /neither base64 nor hex/,
      "correct horse battery staple and then some more words": /neither base64 nor hex/,
      [crypto.randomBytes(32).toString("hex").slice(0, 63)]: /holds 31 bytes at most/,
      [crypto.randomBytes(32).toString("base64url").slice(0, 42)]: /holds 31 bytes at most/,
      thisisaverylongpassphrasewithoutanyuppercaseletters: /does not look random/,
      ["a".repeat(64)]: /does not look random/,
      ["0123456789abcdef".repeat(4)]: /does not look random/,
      ["31415926535897932384626433832795028841971693993751058209749445923"]: /does not look random/,
      ["QwEr".repeat(12)]: /does not look random/,
    };
    for (const [secret, why] of Object.entries(weak)) expect(secretWeakness(secret), secret).toMatch(why);
  });

  it("with DATABASE_URL set, a weak APP_SECRET or NEXTAUTH_SECRET refuses the start, naming it and what to use, never its value", () => {
    const weak = "e2e-rail-app-secret";
    expect(secretsWith({ DATABASE_URL: DEPLOYED, APP_SECRET: weak, NEXTAUTH_SECRET: strong() })).toThrow(
      /^Invalid settings: APP_SECRET is too weak: it holds 14 bytes at most \(19 characters\)\. When DATABASE_URL is set, use at least 32 random bytes written as base64 \(43 characters or more\) or hex \(64 or more\), for example the output of `openssl rand -base64 32`$/,
    );
    expect(secretsWith({ DATABASE_URL: DEPLOYED, APP_SECRET: strong(), NEXTAUTH_SECRET: "a secret of this test" })).toThrow(
      /^Invalid settings: NEXTAUTH_SECRET is too weak: it is neither base64 nor hex/,
    );
    let message = "";
    try {
      secretsWith({ DATABASE_URL: DEPLOYED, APP_SECRET: weak, NEXTAUTH_SECRET: "bench-secret" })();
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/APP_SECRET is too weak: .*; NEXTAUTH_SECRET is too weak: /);
    expect(message).not.toContain(weak);
    expect(message).not.toContain("bench-secret");

    const app = strong();
    const auth = crypto.randomBytes(32).toString("hex");
    expect(secretsWith({ DATABASE_URL: DEPLOYED, APP_SECRET: app, NEXTAUTH_SECRET: auth })()).toEqual({ app, auth });
  });

  it("on a laptop (the embedded database) the generated secrets are strong, and a weak one given is allowed unless the real rail is on", () => {
    const generated = secretsWith({ DATABASE_URL: undefined, APP_SECRET: undefined, NEXTAUTH_SECRET: undefined })();
    expect(secretWeakness(generated.app)).toBeNull();
    expect(secretWeakness(generated.auth)).toBeNull();
    expect(secretsWith({ DATABASE_URL: undefined, APP_SECRET: "laptop", NEXTAUTH_SECRET: "laptop too" })()).toEqual({
      app: "laptop",
      auth: "laptop too",
    });
    // the real rail moves money and its payer pages show signed challenges: as strict as a deployment
    expect(secretsWith({ DATABASE_URL: undefined, APP_SECRET: "laptop", NEXTAUTH_SECRET: undefined, ...RAIL })).toThrow(
      /^Invalid settings: APP_SECRET is too weak: .*\. When the real rail is on, use at least 32 random bytes/,
    );
    expect(secretsWith({ DATABASE_URL: undefined, APP_SECRET: undefined, NEXTAUTH_SECRET: undefined, ...RAIL })().app).toEqual(
      expect.any(String),
    );
  });
});
