// How strong APP_SECRET and NEXTAUTH_SECRET must be where they guard a real deployment. Both key
// things others can see (a proof-of-work challenge, a signed session cookie, sealed values in links):
// a secret a person chose can be guessed offline against any of them, however it is derived. So a
// deployment's secrets must be random bytes, at least 32 of them (256 bits), written the two ways
// every tool writes them: base64 (`openssl rand -base64 32`: 44 characters; base64url without
// padding: 43) or hex (`openssl rand -hex 32`: 64). What is measured is what the text can hold (6
// bits a base64 character, 4 a hex digit), and then that it looks random: random bytes written so
// use both letter cases (base64), or digits and letters (hex), and many different byte values,
// which a word, a phrase or a repeated pattern does not.

export const MIN_SECRET_BYTES = 32;

const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
// 32 random bytes hold about 30 different values; fewer than 16 is a pattern, not chance
const MIN_DISTINCT_BYTES = 16;

export const SECRET_ADVICE = `use at least ${MIN_SECRET_BYTES} random bytes written as base64 (43 characters or more) or hex (64 or more), for example the output of \`openssl rand -base64 32\``;

/** Why a secret is too weak for a deployment (without repeating it), or null when it is strong enough. */
export function secretWeakness(secret: string): string | null {
  let bits: number;
  let bytes: Buffer;
  let looksRandom: boolean;
  if (HEX.test(secret)) {
    bits = secret.length * 4;
    bytes = Buffer.from(secret.length % 2 ? `${secret}0` : secret, "hex");
    // random hex of this length has both digits and letters; a number or a word of a-f has not
    looksRandom = /[0-9]/.test(secret) && /[a-fA-F]/.test(secret);
  } else if (BASE64.test(secret)) {
    const digits = secret.replace(/=+$/, "");
    bits = digits.length * 6;
    bytes = Buffer.from(digits.replaceAll("-", "+").replaceAll("_", "/"), "base64");
    // random base64 of this length has both letter cases; a word or a phrase mostly has one
    looksRandom = /[a-z]/.test(digits) && /[A-Z]/.test(digits);
  } else {
    return "it is neither base64 nor hex (a word or a phrase can be guessed)";
  }
  if (bits < MIN_SECRET_BYTES * 8) return `it holds ${Math.floor(bits / 8)} bytes at most (${secret.length} characters)`;
  if (!looksRandom || new Set(bytes).size < MIN_DISTINCT_BYTES) return "it does not look random (a word, a phrase or a repeated pattern)";
  return null;
}

/** Refuses secrets too weak for where they are used (`when`: why they must be strong), naming each and why, never its value. */
export function assertStrongSecrets(secrets: Record<string, string>, when: string): void {
  const problems = Object.entries(secrets).flatMap(([name, value]) => {
    const weakness = secretWeakness(value);
    return weakness ? [`${name} is too weak: ${weakness}`] : [];
  });
  if (problems.length) throw new Error(`Invalid settings: ${problems.join("; ")}. When ${when}, ${SECRET_ADVICE}`);
}
