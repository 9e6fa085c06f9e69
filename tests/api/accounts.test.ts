// Databases: PostgreSQL only: sign-up, passwords and next-auth are the same code over either database; e2e/people.spec.ts signs people up on the embedded one.
import { and, eq } from "drizzle-orm";
import { getServerSession } from "next-auth";
import { decode, encode } from "next-auth/jwt";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { auditLog, users } from "@/db/schema";
import {
  changePassword,
  requestPasswordReset,
  resetPassword,
  signInPerson,
  signOutEverywhere,
  signUpPerson,
  verifyEmail,
} from "@/lib/accounts/people";
import { beginTotp, confirmTotp } from "@/lib/accounts/second-factor";
import { claimMerchant, roleIn } from "@/lib/accounts/teams";
import { authOptions } from "@/lib/auth/options";
import { signInWithApiKey } from "@/lib/auth/dashboard-session";
import { getConfig } from "@/lib/core/config";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { awayFromWindowEdge, call, newMerchant, randomIp, uniqueName } from "../support/api";
import { testDb } from "../support/db";
import { mailboxForThisFile } from "../support/test-mailbox";

// People's dashboard accounts through the real services and the real next-auth flow: a provider's
// authorize and the jwt callback at sign-in (as next-auth's callback route runs them), then
// getServerSession for each later request, which decodes the cookie and checks the session is live.
// The links people follow come from the mails they receive, read from a real SMTP mailbox.

const mail = mailboxForThisFile();

const COOKIE = "next-auth.session-token";
const PASSWORD = "violet kettle harbour 42";
const NEW_PASSWORD = "granite lantern meadow 17";

type Browser = { cookie: string | null };
type Authorize = (credentials: Record<string, string>, req: unknown) => Promise<Record<string, unknown> | null>;
type SessionSeen = { userId?: string; merchantId?: string } | null;

function authorizeOf(id: "api-key" | "password" | "passkey"): Authorize {
  const provider = authOptions().providers.find((p) => (p as unknown as { options?: { id?: string } }).options?.id === id);
  if (!provider) throw new Error(`no provider ${id}`);
  return (provider as unknown as { options: { authorize: Authorize } }).options.authorize;
}

/**
 * A sign-in as next-auth's callback route runs it: the provider's authorize, then the jwt callback
 * with the user (and whatever token it is handed), encoded into the cookie. A refused sign-in's
 * error message (what the form shows) is returned as `error`.
 */
async function signIn(
  providerId: "api-key" | "password",
  credentials: Record<string, string>,
  opts: { ip?: string; token?: Record<string, unknown> } = {},
): Promise<Browser & { error?: string }> {
  const options = authOptions();
  let user: Record<string, unknown> | null;
  try {
    user = await authorizeOf(providerId)(credentials, { headers: { "x-forwarded-for": opts.ip ?? randomIp() } });
  } catch (err) {
    return { cookie: null, error: (err as Error).message };
  }
  if (!user) return { cookie: null };
  const token = await options.callbacks!.jwt!({
    token: opts.token ?? { name: user.name as string, sub: user.id as string },
    user,
    account: null,
    trigger: "signIn",
  } as never);
  return { cookie: await encode({ token, secret: getConfig().nextAuthSecret, maxAge: options.session!.maxAge }) };
}

/** One dashboard request: what the session says (null: no session), and the browser keeps the cookie the answer set. */
async function dashboardRequest(browser: Browser): Promise<SessionSeen> {
  const setCookies: string[] = [];
  const res = {
    getHeader: (name: string) => (name.toLowerCase() === "set-cookie" ? setCookies : undefined),
    setHeader: (name: string, value: string | string[]) => {
      if (name.toLowerCase() === "set-cookie") setCookies.splice(0, setCookies.length, ...[value].flat());
    },
    setCookie: () => {},
  };
  const req = { headers: {}, cookies: browser.cookie ? { [COOKIE]: browser.cookie } : {} };
  const session = (await getServerSession(req as never, res as never, authOptions())) as SessionSeen;
  for (const c of setCookies) {
    const [pair] = c.split(";");
    const [name, ...value] = pair!.split("=");
    if (name === COOKIE) browser.cookie = value.join("=") || null;
  }
  return session;
}

const userIdSeen = async (browser: Browser) => (await dashboardRequest(browser))?.userId ?? null;
const merchantIdSeen = async (browser: Browser) => (await dashboardRequest(browser))?.merchantId ?? null;

const newEmail = () => `${uniqueName("person")}@example.com`;

async function userByEmail(email: string) {
  const [row] = await (await testDb()).select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

/** A person who signed up and confirmed the address with the mailed link, as a person does. */
async function confirmedPerson(password = PASSWORD): Promise<{ id: string; email: string }> {
  const db = await testDb();
  const email = newEmail();
  await signUpPerson(db, { email, password });
  const { token } = await mail.linkTo(email, /^Confirm your email address$/, "/dashboard/verify");
  await verifyEmail(db, token, password, randomIp());
  const row = await userByEmail(email);
  expect(row?.emailVerifiedAt).not.toBeNull();
  return { id: row!.id, email };
}

const median = (xs: number[]) => {
  const s = xs.toSorted((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

describe("sign-up and the email's confirmation", () => {
  it("the mailed link with the account's password confirms the address; sign-in before that answers unverified", async () => {
    const db = await testDb();
    const email = newEmail();
    const typed = email.replace(/^p/, "P"); // any case, one account
    await expect(signUpPerson(db, { email: typed, password: PASSWORD })).resolves.toBeUndefined();
    const { link, token } = await mail.linkTo(email, /^Confirm your email address$/, "/dashboard/verify");
    expect(link.startsWith(`${getConfig().appUrl}/dashboard/verify?token=`)).toBe(true);

    // not confirmed yet: the right password says so, and the provider refuses with the form's code
    expect(await signInPerson(db, { email, password: PASSWORD }, randomIp())).toEqual({ ok: false, reason: "unverified" });
    expect(await signIn("password", { email, password: PASSWORD })).toEqual({ cookie: null, error: "UNVERIFIED" });

    // the link alone confirms nothing: it needs the account's password
    await expect(verifyEmail(db, token, "not the password at all", randomIp())).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message: "That is not the password of this account.",
    });
    expect((await userByEmail(email))?.emailVerifiedAt).toBeNull();
    await expect(verifyEmail(db, token, PASSWORD, randomIp())).resolves.toEqual({ email });
    expect((await userByEmail(email))?.emailVerifiedAt).toBeInstanceOf(Date);
    // the link works once
    await expect(verifyEmail(db, token, PASSWORD, randomIp())).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message: expect.stringMatching(/expired or was already used/),
    });

    const browser = await signIn("password", { email: email.toUpperCase(), password: PASSWORD });
    expect(browser.error).toBeUndefined();
    expect(await userIdSeen(browser)).toBe((await userByEmail(email))!.id);
  });

  it("signing up again with a confirmed address mails 'You already have an account', answers as for a new one and changes nothing", async () => {
    const db = await testDb();
    const known = await confirmedPerson();
    const fresh = newEmail();
    const answers = await Promise.all([
      signUpPerson(db, { email: known.email, password: NEW_PASSWORD }).then(
        (v) => ({ resolved: v }),
        (e: Error) => ({ rejected: e.message }),
      ),
      signUpPerson(db, { email: fresh, password: NEW_PASSWORD }).then(
        (v) => ({ resolved: v }),
        (e: Error) => ({ rejected: e.message }),
      ),
    ]);
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({ resolved: undefined });

    const already = await mail.mailTo(known.email, /^You already have an account$/);
    expect(already.text).toContain(`${getConfig().appUrl}/dashboard/forgot-password`);
    await mail.mailTo(fresh, /^Confirm your email address$/);
    // the known address got no second confirmation link, and its password is the one it had
    expect(mail.allTo(known.email).filter((m) => /^Confirm/.test(m.subject))).toHaveLength(1);
    expect(await signInPerson(db, { email: known.email, password: NEW_PASSWORD }, randomIp())).toEqual({ ok: false, reason: "invalid" });
    expect(await signInPerson(db, { email: known.email, password: PASSWORD }, randomIp())).toMatchObject({ ok: true });
  });

  it("signing up again before confirming takes the new password, and only the newest link works", async () => {
    const db = await testDb();
    const email = newEmail();
    await signUpPerson(db, { email, password: PASSWORD });
    const first = await mail.linkTo(email, /^Confirm your email address$/, "/dashboard/verify");
    const after = Date.now();
    await signUpPerson(db, { email, password: NEW_PASSWORD });
    const second = await mail.linkTo(email, /^Confirm your email address$/, "/dashboard/verify", after);
    expect(second.token).not.toBe(first.token);
    await expect(verifyEmail(db, first.token, PASSWORD, randomIp())).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(verifyEmail(db, second.token, PASSWORD, randomIp())).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(verifyEmail(db, second.token, NEW_PASSWORD, randomIp())).resolves.toEqual({ email });
    expect(await signInPerson(db, { email, password: NEW_PASSWORD }, randomIp())).toMatchObject({ ok: true });
  });

  it("refuses a password that is too short or among the most common, with the reason, and makes no account", async () => {
    const db = await testDb();
    const email = newEmail();
    await expect(signUpPerson(db, { email, password: "short1" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Use at least 10 characters.",
      details: { fields: { password: "Use at least 10 characters." } },
    });
    await expect(signUpPerson(db, { email, password: "password123" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message: expect.stringMatching(/most commonly used/),
    });
    expect(await userByEmail(email)).toBeUndefined();
    // a change of password is held to the same rules
    const person = await confirmedPerson();
    await expect(changePassword(db, person.id, PASSWORD, "password123", randomIp())).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message: expect.stringMatching(/most commonly used/),
    });
    expect(await signInPerson(db, { email: person.email, password: PASSWORD }, randomIp())).toMatchObject({ ok: true });
  });
});

describe("nothing tells whether an address has an account", () => {
  it("an unknown email and a wrong password answer alike; a reset request answers alike and mails only a known address", async () => {
    const db = await testDb();
    const person = await confirmedPerson();
    const unknown = newEmail();
    const wrongPassword = await signInPerson(db, { email: person.email, password: "not the right one 9" }, randomIp());
    const noAccount = await signInPerson(db, { email: unknown, password: "not the right one 9" }, randomIp());
    expect(wrongPassword).toEqual({ ok: false, reason: "invalid" });
    expect(noAccount).toEqual(wrongPassword);
    const viaForm = await signIn("password", { email: person.email, password: "not the right one 9" });
    expect(await signIn("password", { email: unknown, password: "not the right one 9" })).toEqual(viaForm);
    expect(viaForm).toEqual({ cookie: null, error: "INVALID" });

    const after = Date.now();
    await expect(requestPasswordReset(db, unknown)).resolves.toBeUndefined();
    await expect(requestPasswordReset(db, person.email)).resolves.toBeUndefined();
    await mail.linkTo(person.email, /^Reset your password$/, "/dashboard/reset-password", after);
    expect(mail.allTo(unknown)).toEqual([]);
  });

  it("a wrong password and an unknown email take about as long (a dummy argon2 verify runs for no account)", async () => {
    const db = await testDb();
    const [person, warm] = [await confirmedPerson(), await confirmedPerson()];
    // first calls pay for loading and the dummy hash: not measured
    await signInPerson(db, { email: newEmail(), password: "warming up only 1" }, randomIp());
    await signInPerson(db, { email: warm.email, password: "warming up only 1" }, randomIp());
    const tries = Math.min(10, RATE_RULES.failedAuthAccount.limit);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < tries; i++) {
      let t = performance.now();
      expect(await signInPerson(db, { email: person.email, password: `wrong password ${i}` }, randomIp())).toEqual({
        ok: false,
        reason: "invalid",
      });
      known.push(performance.now() - t);
      t = performance.now();
      expect(await signInPerson(db, { email: newEmail(), password: `wrong password ${i}` }, randomIp())).toEqual({
        ok: false,
        reason: "invalid",
      });
      unknown.push(performance.now() - t);
    }
    const msg = `median ms: wrong password ${median(known).toFixed(1)}, unknown email ${median(unknown).toFixed(1)}`;
    expect(median(unknown), msg).toBeGreaterThanOrEqual(0.5 * median(known));
  });
});

describe("failed sign-ins slow down; they never lock the owner out", () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it("one address guessing waits longer after each wrong password, from the fourth on", async () => {
    const db = await testDb();
    const person = await confirmedPerson();
    const ip = randomIp();
    for (let i = 0; i < 3; i++)
      expect(await signInPerson(db, { email: person.email, password: `guess ${i}` }, ip)).toEqual({ ok: false, reason: "invalid" });
    // the right password too must wait its turn from this address
    expect(await signInPerson(db, { email: person.email, password: PASSWORD }, ip)).toEqual({
      ok: false,
      reason: "rate_limited",
      retryAfterSeconds: 1,
    });
    // the dashboard's sign-in form says so (through next-auth, from the same address)
    expect((await signIn("password", { email: person.email, password: PASSWORD }, { ip })).error).toMatch(/^RATE_LIMITED:\d+$/);
    await sleep(1_100);
    expect(await signInPerson(db, { email: person.email, password: "guess 3" }, ip)).toEqual({ ok: false, reason: "invalid" });
    expect(await signInPerson(db, { email: person.email, password: "guess 4" }, ip)).toEqual({
      ok: false,
      reason: "rate_limited",
      retryAfterSeconds: 2,
    });
    await sleep(2_100);
    expect(await signInPerson(db, { email: person.email, password: PASSWORD }, ip)).toMatchObject({ ok: true });
  });

  it("a password sign-in is on the person's audit trail, with its address; a dashboard sign-in by API key on the merchant's", async () => {
    const db = await testDb();
    const person = await confirmedPerson();
    const ip = randomIp();
    expect(await signInPerson(db, { email: person.email, password: PASSWORD }, ip)).toMatchObject({ ok: true });
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, person.id), eq(auditLog.action, "account.signed-in")));
    expect(rows.map((r) => [r.merchantId, r.ip])).toEqual([[null, ip]]);
    const m = await newMerchant();
    expect(await signInWithApiKey(db, m.apiKey, ip)).toMatchObject({ id: m.id });
    const keyed = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, m.id), eq(auditLog.action, "account.signed-in")));
    expect(keyed.map((r) => [r.actorKind, r.ip])).toEqual([["key", ip]]);
  });

  it("guessing from many addresses slows the account for strangers, while the owner signs in at once from an address they used before", async () => {
    const db = await testDb();
    const person = await confirmedPerson();
    const home = randomIp();
    expect(await signInPerson(db, { email: person.email, password: PASSWORD }, home)).toMatchObject({ ok: true });
    // fifteen wrong passwords, each from an address of its own (a bigger number than the old lock's ten)
    for (let i = 0; i < 15; i++) await signInPerson(db, { email: person.email, password: `guess ${i}` }, randomIp());
    const stranger = await signInPerson(db, { email: person.email, password: "guess from a new address" }, randomIp());
    expect(stranger).toMatchObject({ ok: false, reason: "rate_limited" });
    expect((stranger as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(30);
    // the owner, at home: no wait at all
    expect(await signInPerson(db, { email: person.email, password: PASSWORD }, home)).toMatchObject({ ok: true });
    // another account is not affected
    const other = await confirmedPerson();
    expect(await signInPerson(db, { email: other.email, password: PASSWORD }, randomIp())).toMatchObject({ ok: true });
  });

  it("a confirmation link guessing the account's password, from any address, waits longer after each wrong one", async () => {
    const db = await testDb();
    const email = newEmail();
    await signUpPerson(db, { email, password: PASSWORD });
    const { token } = await mail.linkTo(email, /^Confirm your email address$/, "/dashboard/verify");
    for (let i = 0; i < 3; i++)
      await expect(verifyEmail(db, token, `guess ${i}`, randomIp())).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(verifyEmail(db, token, PASSWORD, randomIp())).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many wrong passwords: try again in 1 second.",
    });
    await sleep(1_100);
    await expect(verifyEmail(db, token, PASSWORD, randomIp())).resolves.toEqual({ email });
  });

  it("a signed-in session guessing its own password (to change it) waits longer after each wrong one", async () => {
    const db = await testDb();
    const person = await confirmedPerson();
    for (let i = 0; i < 3; i++)
      await expect(changePassword(db, person.id, `guess ${i}`, NEW_PASSWORD, randomIp())).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
      });
    await expect(changePassword(db, person.id, PASSWORD, NEW_PASSWORD, randomIp())).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many wrong passwords: try again in 1 second.",
    });
    await sleep(1_100);
    await changePassword(db, person.id, PASSWORD, NEW_PASSWORD, randomIp());
    expect(await signInPerson(db, { email: person.email, password: NEW_PASSWORD }, randomIp())).toMatchObject({ ok: true });
  });
});

describe("a second factor by an authenticator app", () => {
  const STEP_MS = 30_000;
  const codeAt = (secret: string, step: number) =>
    new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS });

  it("is asked at sign-in once confirmed; a code works once, a recovery code once", async () => {
    const db = await testDb();
    const person = await confirmedPerson();
    const user = (await userByEmail(person.email))!;
    const setup = await beginTotp(db, user.id);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    // not on until confirmed
    expect(await signInPerson(db, { email: person.email, password: PASSWORD }, randomIp())).toMatchObject({ ok: true });

    const step = Math.floor(Date.now() / STEP_MS);
    const wrong = String((Number(codeAt(setup.secret, step)) + 500_000) % 1_000_000).padStart(6, "0");
    await expect(confirmTotp(db, user, wrong, randomIp())).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    const recovery = await confirmTotp(db, user, codeAt(setup.secret, step), randomIp());
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);

    const creds = { email: person.email, password: PASSWORD };
    expect(await signInPerson(db, creds, randomIp())).toEqual({ ok: false, reason: "second_factor" });
    expect(await signIn("password", creds)).toEqual({ cookie: null, error: "SECOND_FACTOR" });
    // the code that confirmed the app was spent: replayed within its window it is refused
    expect(await signInPerson(db, { ...creds, code: codeAt(setup.secret, step) }, randomIp())).toEqual({ ok: false, reason: "bad_code" });
    // the next time step's code (within the one-step drift allowed) works, once
    const next = codeAt(setup.secret, step + 1);
    const browser = await signIn("password", { ...creds, code: next });
    expect(browser.error).toBeUndefined();
    expect(await userIdSeen(browser)).toBe(person.id);
    expect(await signInPerson(db, { ...creds, code: next }, randomIp())).toEqual({ ok: false, reason: "bad_code" });
    expect(await signIn("password", { ...creds, code: next })).toEqual({ cookie: null, error: "BAD_CODE" });
    // a wrong password with a good code is still just a wrong password
    expect(await signInPerson(db, { ...creds, password: "not the password 1", code: codeAt(setup.secret, step + 2) }, randomIp())).toEqual({
      ok: false,
      reason: "invalid",
    });

    // a recovery code, typed in any case and without its dashes, works once
    expect(await signInPerson(db, { ...creds, code: recovery[0]! }, randomIp())).toMatchObject({ ok: true });
    // a spent recovery code is on the person's audit trail, with how many are left
    const spent = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, "account.recovery-code-used")));
    expect(spent.map((r) => r.details)).toEqual([{ left: 9 }]);
    expect(await signInPerson(db, { ...creds, code: recovery[0]! }, randomIp())).toEqual({ ok: false, reason: "bad_code" });
    expect(await signInPerson(db, { ...creds, code: recovery[1]!.toUpperCase().replaceAll("-", "") }, randomIp())).toMatchObject({
      ok: true,
    });
    expect(await signInPerson(db, { ...creds, code: "aaaaa-bbbbb-ccccc" }, randomIp())).toEqual({ ok: false, reason: "bad_code" });
  });
});

describe("a person's session", () => {
  const personSignIn = async (email: string, password = PASSWORD) => {
    const browser = await signIn("password", { email, password });
    expect(browser.error).toBeUndefined();
    return browser;
  };

  it("ends when the password is changed; the new password signs in and the old one does not", async () => {
    const db = await testDb();
    const person = await confirmedPerson();
    const browser = await personSignIn(person.email);
    expect(await userIdSeen(browser)).toBe(person.id);
    await changePassword(db, person.id, PASSWORD, NEW_PASSWORD, randomIp());
    expect(await dashboardRequest(browser).then((s) => s?.userId ?? null)).toBeNull();
    expect(await signIn("password", { email: person.email, password: PASSWORD })).toEqual({ cookie: null, error: "INVALID" });
    expect(await userIdSeen(await personSignIn(person.email, NEW_PASSWORD))).toBe(person.id);
    await mail.mailTo(person.email, /^Your password was changed$/);
  });

  it("a reset link mailed before a password change, or before signing out everywhere, no longer works", async () => {
    const db = await testDb();
    for (const end of ["change", "everywhere"] as const) {
      const person = await confirmedPerson();
      const after = Date.now();
      await requestPasswordReset(db, person.email);
      const { token } = await mail.linkTo(person.email, /^Reset your password$/, "/dashboard/reset-password", after);
      if (end === "change") await changePassword(db, person.id, PASSWORD, NEW_PASSWORD, randomIp());
      else await signOutEverywhere(db, person.id, randomIp());
      await expect(resetPassword(db, token, "an attacker's password 9", randomIp()), end).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
      });
    }
  });

  it("ends everywhere at 'sign out everywhere', and a new sign-in works", async () => {
    const db = await testDb();
    const person = await confirmedPerson();
    const [laptop, phone] = [await personSignIn(person.email), await personSignIn(person.email)];
    expect(await userIdSeen(laptop)).toBe(person.id);
    expect(await userIdSeen(phone)).toBe(person.id);
    await signOutEverywhere(db, person.id, randomIp());
    expect(await userIdSeen(laptop)).toBeNull();
    expect(await userIdSeen(phone)).toBeNull();
    expect(await userIdSeen(await personSignIn(person.email))).toBe(person.id);
  });

  it("ends when the password is reset by the mailed link, which works once", async () => {
    const db = await testDb();
    const person = await confirmedPerson();
    const browser = await personSignIn(person.email);
    expect(await userIdSeen(browser)).toBe(person.id);
    const after = Date.now();
    await requestPasswordReset(db, person.email);
    const { token } = await mail.linkTo(person.email, /^Reset your password$/, "/dashboard/reset-password", after);
    await expect(resetPassword(db, token, NEW_PASSWORD, randomIp())).resolves.toEqual({ email: person.email });
    expect(await userIdSeen(browser)).toBeNull();
    await expect(resetPassword(db, token, "yet another password 3", randomIp())).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect(await signIn("password", { email: person.email, password: PASSWORD })).toEqual({ cookie: null, error: "INVALID" });
    expect(await userIdSeen(await personSignIn(person.email, NEW_PASSWORD))).toBe(person.id);
  });

  it("a reset link kills the other reset links, and confirms an address that was not confirmed yet", async () => {
    const db = await testDb();
    const email = newEmail();
    await signUpPerson(db, { email, password: PASSWORD });
    await mail.mailTo(email, /^Confirm your email address$/);
    let after = Date.now();
    await requestPasswordReset(db, email);
    const first = await mail.linkTo(email, /^Reset your password$/, "/dashboard/reset-password", after);
    after = Date.now();
    await requestPasswordReset(db, email);
    const second = await mail.linkTo(email, /^Reset your password$/, "/dashboard/reset-password", after);
    expect(second.token).not.toBe(first.token);
    await resetPassword(db, second.token, NEW_PASSWORD, randomIp());
    await expect(resetPassword(db, first.token, "yet another password 3", randomIp())).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message: expect.stringMatching(/expired or was already used/),
    });
    // the mailed link proved the address: the person signs in without the confirmation link
    expect(await signInPerson(db, { email, password: NEW_PASSWORD }, randomIp())).toMatchObject({ ok: true });
  });

  it("is made afresh at sign-in: nothing of a token the browser held before survives (session fixation)", async () => {
    const person = await confirmedPerson();
    const victim = await confirmedPerson();
    const m = await newMerchant();
    const planted = {
      name: "planted",
      sub: victim.id,
      kind: "key",
      merchantId: m.id,
      keyId: "key_planted",
      userId: victim.id,
      epoch: 0,
      signedInAt: Date.now(),
    };
    const plantedCookie = await encode({ token: planted, secret: getConfig().nextAuthSecret, maxAge: authOptions().session!.maxAge });
    const browser = await signIn("password", { email: person.email, password: PASSWORD }, { token: planted });
    expect(browser.cookie).not.toBeNull();
    expect(browser.cookie).not.toBe(plantedCookie);
    const token = await decode({ token: browser.cookie!, secret: getConfig().nextAuthSecret });
    expect(token).toMatchObject({ kind: "person", userId: person.id, sub: person.id, name: person.email });
    expect(token).not.toHaveProperty("merchantId");
    expect(token).not.toHaveProperty("keyId");
    expect(token!.signedInAt).toBeGreaterThanOrEqual(planted.signedInAt);
    expect(await dashboardRequest(browser)).toMatchObject({ userId: person.id });
    expect((await dashboardRequest(browser))?.merchantId).toBeUndefined();
  });
});

describe("an account made before people existed", () => {
  it("signs in with its API key until a person claims it; then neither a new sign-in nor the open session works", async () => {
    const db = await testDb();
    const m = await newMerchant();
    const browser = await signIn("api-key", { apiKey: m.apiKey });
    expect(await merchantIdSeen(browser)).toBe(m.id);
    expect(await merchantIdSeen(await signIn("api-key", { apiKey: `${m.apiKey}x` }))).toBeNull();

    const owner = await confirmedPerson();
    const asOwner = { userId: owner.id, email: owner.email };
    await expect(claimMerchant(db, asOwner, m.apiKey, randomIp())).resolves.toEqual({ merchantId: m.id });
    expect(await roleIn(db, owner.id, m.id)).toBe("owner");

    expect(await merchantIdSeen(browser)).toBeNull();
    expect(await signIn("api-key", { apiKey: m.apiKey })).toEqual({ cookie: null });
    // the key itself still works on the API: claiming changes who signs in to the dashboard, nothing else
    expect((await call("GET", "/api/merchants/me", { key: m.apiKey })).status).toBe(200);

    // claimed once: not again, by someone else or by the owner
    const other = await confirmedPerson();
    const asOther = { userId: other.id, email: other.email };
    await expect(claimMerchant(db, asOther, m.apiKey, randomIp())).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(claimMerchant(db, asOwner, m.apiKey, randomIp())).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await roleIn(db, other.id, m.id)).toBeNull();
    await expect(claimMerchant(db, asOther, "ck_not-a-key", randomIp())).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });
});
