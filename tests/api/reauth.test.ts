// Databases: PostgreSQL only: re-authentication is the same code over either database; e2e/people.spec.ts signs in again on the embedded one.
import { and, eq } from "drizzle-orm";
import type { NextAuthOptions } from "next-auth";
import { encode } from "next-auth/jwt";
import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { auditLog, users } from "@/db/schema";
import { passkeyRegistrationOptions, registerPasskey, removePasskey } from "@/lib/accounts/passkeys";
import { hashPassword } from "@/lib/accounts/passwords";
import { signInPerson, signOutEverywhere } from "@/lib/accounts/people";
import { beginTotp, confirmTotp, disableTotp, newRecoveryCodes } from "@/lib/accounts/second-factor";
import { authOptions } from "@/lib/auth/options";
import { REAUTH_COOKIE, REAUTH_TTL_MS, reauthIsRecent, sealReauth } from "@/lib/auth/reauth";
import { getConfig } from "@/lib/core/config";
import { newId } from "@/lib/core/ids";
import { randomIp, uniqueName } from "../support/api";
import { testDb } from "../support/db";
import { SoftPasskey } from "../support/soft-passkey";
import { mailboxForThisFile } from "../support/test-mailbox";

// Every change of how a person signs in (a passkey, the authenticator app, recovery codes, the
// password) asks for a recent re-authentication of the session: the password, and a second factor
// the person has. The actions run as the dashboard runs them: the real session (next-auth's cookie,
// checked by the jwt callback on each call) and the real re-authentication cookie, in one browser's
// cookie jar; the person is told of each change by mail.

type SetCookie = { value: string; options: Record<string, unknown> };
const browser = vi.hoisted(() => ({ jar: new Map<string, { value: string; options: Record<string, unknown> }>(), ip: "" }));

vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": browser.ip }),
  cookies: async () => ({
    get: (name: string) => (browser.jar.has(name) ? { name, value: browser.jar.get(name)!.value } : undefined),
    getAll: () => [...browser.jar].map(([name, c]) => ({ name, value: c.value })),
    set: (name: string, value: string, options: Record<string, unknown> = {}) => void browser.jar.set(name, { value, options }),
    delete: (name: string) => void browser.jar.delete(name),
  }),
}));
// getServerSession as a server action calls it, reading this browser's cookies (next-auth would
// read them through its own require of next/headers, which the mock above does not reach)
vi.mock("next-auth", async (original) => {
  const real = await original<typeof import("next-auth")>();
  const res = { getHeader() {}, setCookie() {}, setHeader() {} };
  const getServerSession = (options: NextAuthOptions) =>
    real.getServerSession(
      { headers: {}, cookies: Object.fromEntries([...browser.jar].map(([name, c]) => [name, c.value])) } as never,
      res as never,
      options,
    );
  return { ...real, default: real.default, getServerSession };
});

const actions = await import("@/actions/dashboard/account");
const { REAUTH_NEEDED } = await import("@/lib/http/action");

const mail = mailboxForThisFile();
const SESSION_COOKIE = "next-auth.session-token";
const PASSWORD = "violet kettle harbour 42";
const NEW_PASSWORD = "granite lantern meadow 17";
const REFUSED = { ok: false, message: REAUTH_NEEDED, reauth: true };

type Person = { id: string; email: string };
type Cookies = Map<string, SetCookie>;

/** A person with a confirmed address and a password, and no second factor yet. */
async function newPerson(): Promise<Person> {
  const person = { id: newId("usr"), email: `${uniqueName("person")}@example.com` };
  await (await testDb()).insert(users).values({ ...person, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() });
  return person;
}

/** Signs in as next-auth's callback route does (a provider's authorize, then the jwt callback), in a browser of its own. */
async function signInWith(providerId: "password" | "passkey", credentials: Record<string, string>): Promise<Cookies> {
  const options = authOptions();
  const provider = options.providers.find((p) => (p as unknown as { options?: { id?: string } }).options?.id === providerId);
  type Authorize = (c: Record<string, string>, req: unknown) => Promise<Record<string, unknown>>;
  const authorize = (provider as unknown as { options: { authorize: Authorize } }).options.authorize;
  const user = await authorize(credentials, { headers: { "x-forwarded-for": randomIp() } });
  const token = await options.callbacks!.jwt!({ token: {}, user, account: null, trigger: "signIn" } as never);
  const value = await encode({ token, secret: getConfig().nextAuthSecret, maxAge: options.session!.maxAge });
  // two sign-ins in one millisecond would be one session as far as the token tells
  await new Promise((r) => setTimeout(r, 2));
  return new Map([[SESSION_COOKIE, { value, options: {} }]]);
}

const signIn = (person: Person, code?: string) =>
  signInWith("password", { email: person.email, password: PASSWORD, ...(code ? { code } : {}) });

/** Signs in with a passkey, as the sign-in page does: the page's challenge, answered by the passkey. */
async function signInWithPasskey(passkey: SoftPasskey): Promise<Cookies> {
  const { challengeId, options } = (await actions.passkeySignInOptionsAction()) as { challengeId: string; options: { challenge: string } };
  return signInWith("passkey", { challengeId, response: JSON.stringify(passkey.authenticate(options)) });
}

/** Makes `cookies` the browser the next actions run in. */
function use(cookies: Cookies) {
  browser.jar = cookies;
  browser.ip = randomIp();
}

const STEP_MS = 30_000;
const codeAt = (secret: string, step: number) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS });
const stepNow = () => Math.floor(Date.now() / STEP_MS);

/** Turns on the authenticator app (through lib, as if done earlier); the secret and the recovery codes. */
async function withTotp(person: Person): Promise<{ secret: string; recovery: string[]; step: number }> {
  const db = await testDb();
  const { secret } = await beginTotp(db, person.id);
  const step = stepNow();
  const recovery = await confirmTotp(db, person, codeAt(secret, step), randomIp());
  return { secret, recovery, step };
}

async function auditOf(person: Person, action: string) {
  return (await testDb())
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, person.id), eq(auditLog.action, action)));
}

afterEach(() => vi.useRealTimers());

describe("a change of how a person signs in needs a recent re-authentication", () => {
  it("every factor change is refused without one, changes nothing, and goes through after the password (no second factor yet)", async () => {
    const db = await testDb();
    const person = await newPerson();
    use(await signIn(person));
    const passkey = new SoftPasskey(getConfig().appUrl);
    const fakeAnswer = passkey.register({ challenge: "Y2hhbGxlbmdl" });

    // a signed-in session alone (what a stolen cookie is) changes nothing
    expect(await actions.beginTotpAction()).toEqual(REFUSED);
    expect(await actions.confirmTotpAction({ code: "123456" })).toEqual(REFUSED);
    expect(await actions.disableTotpAction()).toEqual(REFUSED);
    expect(await actions.newRecoveryCodesAction()).toEqual(REFUSED);
    expect(await actions.passkeyRegistrationOptionsAction()).toEqual(REFUSED);
    expect(await actions.registerPasskeyAction({ challengeId: "chl_x", response: fakeAnswer, name: "Thief's key" })).toEqual(REFUSED);
    expect(await actions.removePasskeyAction("any")).toEqual(REFUSED);
    expect(await actions.changePasswordAction({ current: PASSWORD, next: NEW_PASSWORD })).toEqual(REFUSED);
    const [row] = await db.select().from(users).where(eq(users.id, person.id));
    expect(row!.totpSecretEnc).toBeNull();
    expect(await signInPerson(db, { email: person.email, password: NEW_PASSWORD }, randomIp())).toEqual({ ok: false, reason: "invalid" });

    // a wrong password proves nothing
    expect(await actions.reauthenticateAction({ password: "not my password 1" })).toEqual({
      ok: false,
      message: "That is not your password.",
      fields: { password: "not right" },
    });
    expect(browser.jar.has(REAUTH_COOKIE)).toBe(false);
    expect(await actions.beginTotpAction()).toEqual(REFUSED);

    // the password: kept in an httpOnly cookie for this browser's dashboard, for REAUTH_TTL_MS
    expect(await actions.reauthenticateAction({ password: PASSWORD })).toEqual({ ok: true });
    expect(browser.jar.get(REAUTH_COOKIE)!.options).toMatchObject({
      httpOnly: true,
      sameSite: "strict",
      path: "/dashboard",
      maxAge: REAUTH_TTL_MS / 1000,
    });
    expect((await auditOf(person, "account.reauthenticated")).map((r) => r.details)).toEqual([{ with: "password" }]);

    const begun = await actions.beginTotpAction();
    expect(begun).toMatchObject({ ok: true });
    const secret = (begun as { secret: string }).secret;
    const confirmed = await actions.confirmTotpAction({ code: codeAt(secret, stepNow()) });
    expect(confirmed).toMatchObject({ ok: true, recoveryCodes: expect.any(Array) });
    const on = await mail.mailTo(person.email, /^An authenticator app was turned on for your account$/);
    expect(on.text).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(on.text).toContain(`${getConfig().appUrl}/dashboard/account`);
    expect(on.text).toContain(`${getConfig().appUrl}/dashboard/forgot-password`);

    // still within the re-authentication's minutes: the next change needs no other
    const after = Date.now();
    expect(await actions.newRecoveryCodesAction()).toMatchObject({ ok: true, recoveryCodes: expect.any(Array) });
    await mail.mailTo(person.email, /^New recovery codes were made for your account$/, after);
    expect(await auditOf(person, "account.recovery-codes-replaced")).toHaveLength(1);
  });

  it("with a second factor, the password alone is not enough: a code from the app or a recovery code goes with it", async () => {
    const db = await testDb();
    const person = await newPerson();
    const { secret, recovery, step } = await withTotp(person);
    use(await signIn(person, recovery[9]));

    // the code is asked for before the password is checked
    expect(await actions.reauthenticateAction({ password: PASSWORD })).toEqual({
      ok: false,
      message: "Enter a code from your authenticator app, or a recovery code.",
      fields: { code: "Enter a code from your authenticator app, or a recovery code." },
    });
    // a wrong code and a wrong password answer alike
    const wrongCode = await actions.reauthenticateAction({ password: PASSWORD, code: "000000" });
    const wrongPassword = await actions.reauthenticateAction({ password: "not my password 1", code: codeAt(secret, step + 1) });
    expect(wrongCode).toEqual({
      ok: false,
      message: "The password or the code is not right.",
      fields: { password: "not right", code: "not right" },
    });
    expect(wrongPassword).toEqual(wrongCode);
    expect(await actions.disableTotpAction()).toEqual(REFUSED);
    // guessing the code with the right password is slowed as guessing the password is
    expect(await actions.reauthenticateAction({ password: PASSWORD, code: "111111" })).toMatchObject({ ok: false });
    expect(await actions.reauthenticateAction({ password: PASSWORD, code: recovery[0]! })).toEqual({
      ok: false,
      message: "Too many wrong passwords: try again in 1 second.",
    });
    await new Promise((r) => setTimeout(r, 1_100));

    // a recovery code (spent) with the password
    expect(await actions.reauthenticateAction({ password: PASSWORD, code: recovery[0]! })).toEqual({ ok: true });
    expect(await actions.reauthenticateAction({ password: PASSWORD, code: recovery[0]! })).toMatchObject({ ok: false });
    // and a code from the app (the one offered with the wrong password was not spent): the app can be turned off
    expect(await actions.reauthenticateAction({ password: PASSWORD, code: codeAt(secret, step + 1) })).toEqual({ ok: true });
    const after = Date.now();
    expect(await actions.disableTotpAction()).toEqual({ ok: true });
    const [row] = await db.select().from(users).where(eq(users.id, person.id));
    expect(row!.totpEnabledAt).toBeNull();
    await mail.mailTo(person.email, /^The authenticator app was turned off for your account$/, after);
    expect((await auditOf(person, "account.reauthenticated")).map((r) => r.details)).toEqual([{ with: "code" }, { with: "code" }]);
    expect(await auditOf(person, "account.totp-disabled")).toHaveLength(1);
  });

  it("counts for its own session only, for REAUTH_TTL_MS, and not once every session was signed out", async () => {
    const db = await testDb();
    const person = await newPerson();
    const laptop = await signIn(person);
    use(laptop);
    expect(await actions.reauthenticateAction({ password: PASSWORD })).toEqual({ ok: true });
    const proof = laptop.get(REAUTH_COOKIE)!;

    // the laptop's proof, copied into another session of the same person, does not count there
    const phone = await signIn(person);
    phone.set(REAUTH_COOKIE, proof);
    use(phone);
    expect(await actions.beginTotpAction()).toEqual(REFUSED);
    // nor a proof made up, or one whose time was moved
    const at = Number(proof.value.split(".")[0]);
    for (const value of [`${Date.now()}.${"A".repeat(43)}`, `${at + 60_000}.${proof.value.split(".")[1]}`, ""]) {
      phone.set(REAUTH_COOKIE, { value, options: {} });
      expect(await actions.beginTotpAction()).toEqual(REFUSED);
    }

    // on the laptop it counts, until REAUTH_TTL_MS have passed
    use(laptop);
    expect(await actions.beginTotpAction()).toMatchObject({ ok: true });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + REAUTH_TTL_MS + 1_000 });
    expect(await actions.beginTotpAction()).toEqual(REFUSED);
    vi.useRealTimers();

    // after "sign out everywhere", a new session with the old proof has none
    use(laptop);
    expect(await actions.reauthenticateAction({ password: PASSWORD })).toEqual({ ok: true });
    const kept = laptop.get(REAUTH_COOKIE)!;
    await signOutEverywhere(db, person.id, randomIp());
    await expect(actions.beginTotpAction()).rejects.toMatchObject({ digest: expect.stringContaining("/dashboard/sign-in") });
    const again = await signIn(person);
    again.set(REAUTH_COOKIE, kept);
    use(again);
    expect(await actions.beginTotpAction()).toEqual(REFUSED);
  });

  it("a proof is bound to the person, the session's epoch and its sign-in time", () => {
    const facts = { userId: "usr_a", epoch: 3, signedInAt: Date.now() - 60_000 };
    const value = sealReauth(facts);
    expect(reauthIsRecent(value, facts)).toBe(true);
    expect(reauthIsRecent(value, { ...facts, epoch: 4 })).toBe(false);
    expect(reauthIsRecent(value, { ...facts, userId: "usr_b" })).toBe(false);
    expect(reauthIsRecent(value, { ...facts, signedInAt: facts.signedInAt + 1 })).toBe(false);
    expect(reauthIsRecent(value, facts, Date.now() + REAUTH_TTL_MS)).toBe(false);
    expect(reauthIsRecent(undefined, facts)).toBe(false);
  });

  it("a new password needs one too, besides the current password", async () => {
    const person = await newPerson();
    use(await signIn(person));
    expect(await actions.changePasswordAction({ current: PASSWORD, next: NEW_PASSWORD })).toEqual(REFUSED);
    expect(await actions.reauthenticateAction({ password: PASSWORD })).toEqual({ ok: true });
    const after = Date.now();
    expect(await actions.changePasswordAction({ current: PASSWORD, next: NEW_PASSWORD })).toEqual({ ok: true });
    await mail.mailTo(person.email, /^Your password was changed$/, after);
    // the password change raised the epoch: this session, and its proof, are over
    await expect(actions.beginTotpAction()).rejects.toMatchObject({ digest: expect.stringContaining("/dashboard/sign-in") });
  });
});

describe("the person is told by mail of every factor added or removed", () => {
  it("an authenticator app turned on and off, new recovery codes, a passkey added and removed: each mails what, when, and what to do", async () => {
    const db = await testDb();
    const person = await newPerson();
    const since = Date.now();
    await withTotp(person);
    await newRecoveryCodes(db, person, randomIp());
    await disableTotp(db, person, randomIp());
    const passkey = new SoftPasskey(getConfig().appUrl);
    const creation = await passkeyRegistrationOptions(db, person);
    await registerPasskey(
      db,
      person,
      { challengeId: creation.challengeId, response: passkey.register(creation.options) as never, name: "Phone" },
      randomIp(),
    );
    await removePasskey(db, person, passkey.id, randomIp());
    for (const subject of [
      /^An authenticator app was turned on for your account$/,
      /^New recovery codes were made for your account$/,
      /^The authenticator app was turned off for your account$/,
      /^A passkey was added to your account$/,
      /^A passkey was removed from your account$/,
    ]) {
      const m = await mail.mailTo(person.email, subject, since);
      expect(m.text, subject.source).toMatch(/\nWhen: \d{4}-\d\d-\d\d \d\d:\d\d UTC\n/);
      expect(m.text, subject.source).toContain("If this was not you");
      expect(m.html, subject.source).toBeNull();
    }
  });
});

describe("passkeys: adding and removing one, and re-authenticating with one", () => {
  it("adding a passkey needs a re-authentication and is mailed; then a re-authentication needs the passkey, which removes it", async () => {
    const db = await testDb();
    const person = await newPerson();
    const passkey = new SoftPasskey(getConfig().appUrl);
    use(await signIn(person));
    expect(await actions.reauthenticateAction({ password: PASSWORD })).toEqual({ ok: true });
    const options = await actions.passkeyRegistrationOptionsAction();
    expect(options).toMatchObject({ ok: true });
    const { challengeId, options: creation } = options as { challengeId: string; options: { challenge: string } };
    const after = Date.now();
    expect(await actions.registerPasskeyAction({ challengeId, response: passkey.register(creation), name: "Work laptop" })).toEqual({
      ok: true,
    });
    const added = await mail.mailTo(person.email, /^A passkey was added to your account$/, after);
    expect(added.text).toContain('A passkey named "Work laptop" was added');
    expect(await auditOf(person, "account.passkey-added")).toHaveLength(1);

    // it signs in without a password, and it is now the second factor a re-authentication asks for
    await expect(signIn(person)).rejects.toThrow("SECOND_FACTOR");
    use(await signInWithPasskey(passkey));
    expect(await actions.removePasskeyAction(passkey.id)).toEqual(REFUSED);
    expect(await actions.reauthenticateAction({ password: PASSWORD })).toEqual({ ok: false, message: "Confirm with your passkey." });

    // another person's passkey does not answer for this one
    const other = await newPerson();
    const stranger = new SoftPasskey(getConfig().appUrl);
    const theirs = await passkeyRegistrationOptions(db, other);
    await registerPasskey(
      db,
      other,
      { challengeId: theirs.challengeId, response: stranger.register(theirs.options) as never, name: "Theirs" },
      randomIp(),
    );
    let reauth = (await actions.reauthPasskeyOptionsAction()) as { challengeId: string; options: { challenge: string } };
    expect(
      await actions.reauthenticateAction({
        password: PASSWORD,
        passkey: { challengeId: reauth.challengeId, response: stranger.authenticate(reauth.options) },
      }),
    ).toEqual({ ok: false, message: "The password or the passkey is not right.", fields: { password: "not right" } });
    // nor does the passkey without the password
    reauth = (await actions.reauthPasskeyOptionsAction()) as typeof reauth;
    expect(
      await actions.reauthenticateAction({
        password: "not my password 1",
        passkey: { challengeId: reauth.challengeId, response: passkey.authenticate(reauth.options) },
      }),
    ).toMatchObject({ ok: false });

    // the person's own passkey and password: it can be removed
    reauth = (await actions.reauthPasskeyOptionsAction()) as typeof reauth;
    expect(
      await actions.reauthenticateAction({
        password: PASSWORD,
        passkey: { challengeId: reauth.challengeId, response: passkey.authenticate(reauth.options) },
      }),
    ).toEqual({ ok: true });
    const removedAt = Date.now();
    expect(await actions.removePasskeyAction(passkey.id)).toEqual({ ok: true });
    const removed = await mail.mailTo(person.email, /^A passkey was removed from your account$/, removedAt);
    expect(removed.text).toContain('The passkey named "Work laptop" was removed');
    expect((await auditOf(person, "account.reauthenticated")).map((r) => r.details)).toEqual([{ with: "password" }, { with: "passkey" }]);
  });
});
