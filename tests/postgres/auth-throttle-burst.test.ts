import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { users } from "@/db/schema";
import { signInPerson } from "@/lib/accounts/people";
import { hashPassword } from "@/lib/accounts/passwords";
import { reauthenticate } from "@/lib/accounts/reauth";
import { beginTotp, confirmTotp } from "@/lib/accounts/second-factor";
import { newId } from "@/lib/core/ids";
import { randomIp } from "../support/api";
import { testDb } from "../support/db";
import { mailboxForThisFile } from "../support/test-mailbox";

// A burst of wrong tries at once, on real PostgreSQL: each try is counted before its password (or
// code) is checked, so the throttle lets only a few of them reach the check, however many arrive
// together, and the right one afterwards still waits as the throttle says.

mailboxForThisFile(); // turning the app on mails its owner

const checked = vi.hoisted(() => ({ passwords: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      checked.passwords++;
      return real.verify(...args);
    },
  };
});

const PASSWORD = "violet kettle harbour 42";
const BURST = 200;
// three tries are free from an address (and for a signed-in person), then the wait doubles from 1 s:
// a burst that lasts a few seconds can get at most a few more through
const HANDFUL = 6;
const STEP_MS = 30_000;

const together = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
const codeAt = (secret: string, step: number) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS });

async function confirmedPerson() {
  const db = await testDb();
  const id = newId("usr");
  const email = `${id}@example.com`;
  await db.insert(users).values({ id, email, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() });
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user!;
}

/** A person whose authenticator app is on, and a code of a time step that is not now's (nor either side). */
async function personWithApp() {
  const db = await testDb();
  const user = await confirmedPerson();
  const setup = await beginTotp(db, user.id);
  const step = Math.floor(Date.now() / STEP_MS);
  await confirmTotp(db, user, codeAt(setup.secret, step), randomIp());
  const live = new Set([-1, 0, 1, 2].map((d) => codeAt(setup.secret, step + d)));
  const wrongCodes = Array.from({ length: BURST }, (_, i) => String((123_457 + i * 4_999) % 1_000_000).padStart(6, "0")).filter(
    (c) => !live.has(c),
  );
  return { user: (await (await testDb()).select().from(users).where(eq(users.id, user.id)))[0]!, secret: setup.secret, wrongCodes };
}

// The service's clock stands still while a burst runs, however long a busy machine takes over it,
// and is moved on by the wait the throttle asks for: the delay is measured as the throttle sees it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("a burst of wrong tries is held to the throttle's pace", () => {
  it(`${BURST} wrong passwords at once: a handful reach argon2, and the right one then waits as the throttle says`, async () => {
    const db = await testDb();
    const user = await confirmedPerson();
    const ip = randomIp();
    checked.passwords = 0;
    const results = await together(BURST, (i) => signInPerson(db, { email: user.email, password: `guess number ${i}` }, ip));
    const invalid = results.filter((r) => !r.ok && r.reason === "invalid").length;
    expect(checked.passwords, "passwords checked").toBeLessThanOrEqual(HANDFUL);
    expect(invalid).toBe(checked.passwords);
    expect(results.filter((r) => !r.ok && r.reason === "rate_limited")).toHaveLength(BURST - invalid);

    const right = await signInPerson(db, { email: user.email, password: PASSWORD }, ip);
    expect(right).toMatchObject({ ok: false, reason: "rate_limited" });
    const wait = (right as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(wait).toBeGreaterThan(0);
    // a delay, never a lock: once it has passed, the right password signs in
    vi.setSystemTime(Date.now() + wait * 1000 + 100);
    expect(await signInPerson(db, { email: user.email, password: PASSWORD }, ip)).toMatchObject({ ok: true });
  });

  it(`${BURST} wrong codes at once with the right password: a handful of codes are checked, and the right code then waits`, async () => {
    const db = await testDb();
    const { user, secret, wrongCodes } = await personWithApp();
    const ip = randomIp();
    const codesChecked = vi.spyOn(TOTP.prototype, "validate");
    const results = await together(wrongCodes.length, (i) =>
      signInPerson(db, { email: user.email, password: PASSWORD, code: wrongCodes[i] }, ip),
    );
    const badCodes = results.filter((r) => !r.ok && r.reason === "bad_code").length;
    expect(codesChecked.mock.calls.length, "codes checked").toBeLessThanOrEqual(HANDFUL);
    expect(badCodes).toBe(codesChecked.mock.calls.length);
    expect(results.filter((r) => !r.ok && r.reason === "rate_limited")).toHaveLength(wrongCodes.length - badCodes);

    const step = Math.floor(Date.now() / STEP_MS);
    const right = await signInPerson(db, { email: user.email, password: PASSWORD, code: codeAt(secret, step + 1) }, ip);
    expect(right).toMatchObject({ ok: false, reason: "rate_limited" });
    const wait = (right as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(wait).toBeGreaterThan(0);
    vi.setSystemTime(Date.now() + wait * 1000 + 100);
    const later = Math.floor(Date.now() / STEP_MS);
    expect(await signInPerson(db, { email: user.email, password: PASSWORD, code: codeAt(secret, later + 1) }, ip)).toMatchObject({
      ok: true,
    });
  });

  it(`${BURST} wrong passwords at once to a re-authentication: a handful reach argon2, and the right one then waits`, async () => {
    const db = await testDb();
    const user = await confirmedPerson();
    checked.passwords = 0;
    const results = await Promise.allSettled(
      Array.from({ length: BURST }, (_, i) => reauthenticate(db, user.id, { password: `guess number ${i}` }, randomIp())),
    );
    const reasons = results.map((r) => (r.status === "rejected" ? (r.reason as { code?: string }).code : "passed"));
    expect(checked.passwords, "passwords checked").toBeLessThanOrEqual(HANDFUL);
    expect(reasons.filter((c) => c === "VALIDATION_FAILED")).toHaveLength(checked.passwords);
    expect(reasons.filter((c) => c === "RATE_LIMITED")).toHaveLength(BURST - checked.passwords);

    const right = await reauthenticate(db, user.id, { password: PASSWORD }, randomIp()).catch((err: unknown) => err);
    expect(right).toMatchObject({ code: "RATE_LIMITED" });
    const wait = (right as { details: { retryAfterSeconds: number } }).details.retryAfterSeconds;
    expect(wait).toBeGreaterThan(0);
    vi.setSystemTime(Date.now() + wait * 1000 + 100);
    await expect(reauthenticate(db, user.id, { password: PASSWORD }, randomIp())).resolves.toBeUndefined();
  });

  it(`${BURST} wrong codes at once to a re-authentication with the right password: a handful of codes are checked`, async () => {
    const db = await testDb();
    const { user, secret, wrongCodes } = await personWithApp();
    const codesChecked = vi.spyOn(TOTP.prototype, "validate");
    const results = await Promise.allSettled(
      wrongCodes.map((code) => reauthenticate(db, user.id, { password: PASSWORD, code }, randomIp())),
    );
    const reasons = results.map((r) => (r.status === "rejected" ? (r.reason as { code?: string }).code : "passed"));
    expect(codesChecked.mock.calls.length, "codes checked").toBeLessThanOrEqual(HANDFUL);
    expect(reasons.filter((c) => c === "VALIDATION_FAILED")).toHaveLength(codesChecked.mock.calls.length);
    expect(reasons.filter((c) => c === "RATE_LIMITED")).toHaveLength(wrongCodes.length - codesChecked.mock.calls.length);

    const step = Math.floor(Date.now() / STEP_MS);
    await expect(reauthenticate(db, user.id, { password: PASSWORD, code: codeAt(secret, step + 1) }, randomIp())).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
  });
});
