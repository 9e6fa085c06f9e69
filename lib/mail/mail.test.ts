import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { linkIn, startMailbox, waitForMail, type Mailbox } from "@/tests/support/mailbox";
import { testCertificates } from "@/tests/support/tls";
import { assertMailConfigured, resetMailForTests, sendMail } from "./index";

// The unit project sets no environment of its own: each test sets what it needs, and the settings
// and the transport are read again. The test CA is trusted through NODE_EXTRA_CA_CERTS (vitest.config.ts),
// so STARTTLS to localhost is verified as it would be against a real provider.

const SETTINGS = [
  "DATABASE_URL",
  "SMTP_URL",
  "MAIL_FROM",
  "APP_URL",
  "LOG_LEVEL",
  "DATA_DIR",
  "ZKP2P_RPC_URL",
  "ZKP2P_API_URL",
  "ZKP2P_ATTESTATION_URL",
  "ZKP2P_TAKER_KEYS",
] as const;
const saved = Object.fromEntries(SETTINGS.map((k) => [k, process.env[k]]));

function settings(values: Partial<Record<(typeof SETTINGS)[number], string>>) {
  for (const k of SETTINGS) delete process.env[k];
  Object.assign(process.env, { DATA_DIR: "memory://", LOG_LEVEL: "info", ...values });
  resetConfigForTests();
  resetMailForTests();
}

afterEach(() => {
  vi.restoreAllMocks();
  resetMailForTests();
});
afterAll(() => {
  for (const k of SETTINGS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetConfigForTests();
});

type Received = { raw: Buffer; user?: string; secure: boolean };

/** An SMTP server as a provider runs one: STARTTLS offered, AUTH required, and only after TLS. */
async function startProvider(opts: { starttls?: boolean; untrusted?: boolean } = {}) {
  const certs = testCertificates();
  const received: Received[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    key: fs.readFileSync(opts.untrusted ? certs.untrustedKeyFile : certs.keyFile),
    cert: fs.readFileSync(opts.untrusted ? certs.untrustedCertFile : certs.certFile),
    // without STARTTLS, a server that would take a password in clear
    ...(opts.starttls === false ? { disabledCommands: ["STARTTLS"], allowInsecureAuth: true } : {}),
    authOptional: false,
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      logins.push(`${auth.username}:${auth.password}`);
      if (auth.username === "user" && auth.password === "p@ss w/rd") callback(null, { user: auth.username });
      else callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ raw: Buffer.concat(chunks), user: session.user as string | undefined, secure: session.secure });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    received,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// the password as it appears in a URL: percent-encoded
const PASSWORD_IN_URL = encodeURIComponent("p@ss w/rd");

describe("sendMail through SMTP", () => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  beforeAll(async () => {
    provider = await startProvider();
  });
  afterAll(() => provider.close());

  it("delivers over verified STARTTLS, signed in, with MAIL_FROM and a plain-text part", async () => {
    settings({ SMTP_URL: `smtp://user:${PASSWORD_IN_URL}@localhost:${provider.port}`, MAIL_FROM: "Checkout <no-reply@shop.example>" });
    await sendMail({
      to: "Ada@Example.com",
      subject: "Reset your password",
      text: "Reset it here: https://checkout.example/reset/abc",
      html: '<p>Reset it <a href="https://checkout.example/reset/abc">here</a></p>',
    });
    expect(provider.received).toHaveLength(1);
    const [got] = provider.received;
    expect(got!.secure).toBe(true);
    expect(got!.user).toBe("user");
    const parsed = await simpleParser(got!.raw);
    expect(parsed.from?.value).toEqual([{ name: "Checkout", address: "no-reply@shop.example" }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((a) => a.address) : []).toEqual(["Ada@example.com"]);
    expect(parsed.subject).toBe("Reset your password");
    expect(parsed.text?.trim()).toBe("Reset it here: https://checkout.example/reset/abc");
    expect(parsed.html).toContain('href="https://checkout.example/reset/abc"');
    expect(parsed.headers.get("auto-submitted")).toBe("auto-generated");
  });

  it("defaults the sender to no-reply at APP_URL's host", async () => {
    const before = provider.received.length;
    settings({ SMTP_URL: `smtp://user:${PASSWORD_IN_URL}@localhost:${provider.port}`, APP_URL: "https://pay.shop.example:8443/" });
    await sendMail({ to: "ada@example.com", subject: "Hello", text: "Hello" });
    const parsed = await simpleParser(provider.received[before]!.raw);
    expect(parsed.from?.text).toBe('"Checkout" <no-reply@pay.shop.example>');
  });

  it("rejects on a wrong password, and logs neither the password nor the message", async () => {
    settings({ SMTP_URL: `smtp://user:wrong-secret@localhost:${provider.port}` });
    const errors = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const before = provider.received.length;
    const sent = sendMail({ to: "ada@example.com", subject: "Your invite", text: "Join: https://checkout.example/invite/tok_secret" });
    await expect(sent).rejects.toThrow(/mail could not be sent/);
    expect(provider.received).toHaveLength(before);
    const logged = errors.mock.calls.map((c) => String(c[0])).join("");
    expect(logged).toContain("mail could not be sent");
    expect(logged).toContain('"code":"EAUTH"');
    expect(logged).not.toContain("wrong-secret");
    expect(logged).not.toContain("tok_secret");
  });

  it("never sends the password to a server that does not offer STARTTLS", async () => {
    const plain = await startProvider({ starttls: false });
    try {
      settings({ SMTP_URL: `smtp://user:${PASSWORD_IN_URL}@localhost:${plain.port}` });
      vi.spyOn(process.stderr, "write").mockImplementation(() => true);
      await expect(sendMail({ to: "ada@example.com", subject: "Hi", text: "Hi" })).rejects.toThrow(/mail could not be sent/);
      expect(plain.logins).toEqual([]);
      expect(plain.received).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  it("refuses a server whose certificate is not trusted, before signing in", async () => {
    const impostor = await startProvider({ untrusted: true });
    try {
      settings({ SMTP_URL: `smtp://user:${PASSWORD_IN_URL}@localhost:${impostor.port}` });
      vi.spyOn(process.stderr, "write").mockImplementation(() => true);
      await expect(sendMail({ to: "ada@example.com", subject: "Hi", text: "Hi" })).rejects.toThrow(/mail could not be sent/);
      expect(impostor.logins).toEqual([]);
    } finally {
      await impostor.close();
    }
  });
});

describe("without SMTP_URL", () => {
  it("a deployment (DATABASE_URL set) is refused at start-up, and sends nothing to the log", async () => {
    settings({ DATABASE_URL: "postgres://app@db.example/checkout" });
    expect(() => assertMailConfigured()).toThrow(
      "Missing settings: SMTP_URL must be set when DATABASE_URL is set (the dashboard sends sign-up, password-reset and invite links by email)",
    );
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    await expect(sendMail({ to: "ada@example.com", subject: "Reset", text: "https://checkout.example/reset/tok" })).rejects.toThrow(
      /SMTP_URL/,
    );
    expect(out.mock.calls.map((c) => String(c[0])).join("")).not.toContain("tok");
  });

  it("a deployment with SMTP_URL passes the start-up check", () => {
    settings({ DATABASE_URL: "postgres://app@db.example/checkout", SMTP_URL: "smtps://user:pw@smtp.example:465" });
    expect(() => assertMailConfigured()).not.toThrow();
  });

  it("on a sandbox-only laptop (embedded database) the message, link and all, is written to the log", async () => {
    settings({});
    expect(() => assertMailConfigured()).not.toThrow();
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    await sendMail({ to: "ada@example.com", subject: "Confirm your email", text: "Confirm: http://localhost:3000/signup/confirm?t=1" });
    const lines = out.mock.calls.map((c) => JSON.parse(String(c[0])));
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: "info",
        msg: "mail not sent (no SMTP_URL): written here instead\nTo: ada@example.com\nSubject: Confirm your email\n\nConfirm: http://localhost:3000/signup/confirm?t=1",
      }),
    );
  });

  it("on a laptop with the real rail configured, no link is written anywhere: the mail fails", async () => {
    settings({
      ZKP2P_RPC_URL: "http://127.0.0.1:1",
      ZKP2P_API_URL: "http://127.0.0.1:1",
      ZKP2P_ATTESTATION_URL: "http://127.0.0.1:1",
      ZKP2P_TAKER_KEYS: `0x${"11".repeat(32)}`,
    });
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await expect(sendMail({ to: "ada@example.com", subject: "Reset", text: "https://checkout.example/reset/tok" })).rejects.toThrow(
      /set SMTP_URL/,
    );
    const written = [...out.mock.calls, ...err.mock.calls].map((c) => String(c[0])).join("");
    expect(written).not.toContain("tok");
    expect(written).not.toContain("ada@example.com");
  });
});

describe("SMTP_URL and MAIL_FROM are checked with the other settings", () => {
  it.each(["http://smtp.example", "not a url", "smtp://"])("refuses SMTP_URL=%s", (value) => {
    settings({ SMTP_URL: value });
    expect(() => assertMailConfigured()).toThrow(/Invalid settings:\s+SMTP_URL: must be a URL such as smtp:/);
  });

  it("never quotes SMTP_URL back: it holds a password", () => {
    settings({ SMTP_URL: "http://user:hunter2@smtp.example" });
    expect(() => assertMailConfigured()).toThrow(expect.objectContaining({ message: expect.not.stringContaining("hunter2") }));
  });

  it("refuses a MAIL_FROM without an address", () => {
    settings({ MAIL_FROM: "Checkout" });
    expect(() => assertMailConfigured()).toThrow(/MAIL_FROM: must be an address/);
  });
});

describe("the test mailbox (tests/support/mailbox.ts)", () => {
  let dir: string;
  let mailbox: Mailbox;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-mailbox-test-"));
    mailbox = await startMailbox({ dir, port: 0 });
  });
  afterAll(async () => {
    await mailbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => settings({ SMTP_URL: mailbox.url }));

  it("keeps each message as JSON, found by address (any case), subject and time", async () => {
    const after = Date.now();
    await sendMail({ to: "old@example.com", subject: "Your invite", text: "https://checkout.example/invite/old" });
    await sendMail({
      to: "Grace@Example.com",
      subject: "Reset your password",
      text: "Hello.\nSee https://checkout.example/docs and reset at https://checkout.example/reset/tok_1.\n",
    });
    const mail = await waitForMail(dir, { to: "grace@example.COM", subject: /reset/i, after, timeoutMs: 2_000 });
    expect(mail).toMatchObject({ from: '"Checkout" <no-reply@localhost>', to: ["Grace@example.com"], subject: "Reset your password" });
    expect(mail.receivedAt).toBeGreaterThanOrEqual(after);
    expect(linkIn(mail, "/reset/")).toBe("https://checkout.example/reset/tok_1");
    expect(() => linkIn(mail, "/invite/")).toThrow(/no link to \/invite\/ in the mail's text:\nHello\./);
    expect(fs.readdirSync(dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("waits for a message that has not come, then gives up", async () => {
    await expect(waitForMail(dir, { to: "nobody@example.com", timeoutMs: 300 })).rejects.toThrow(/no mail to nobody@example.com/);
    await expect(waitForMail(dir, { to: "old@example.com", after: Date.now() + 60_000, timeoutMs: 300 })).rejects.toThrow();
  });

  it("refuses a wrong password", async () => {
    settings({ SMTP_URL: mailbox.url.replace("mailbox:mailbox@", "mailbox:nope@") });
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await expect(sendMail({ to: "ada@example.com", subject: "x", text: "x" })).rejects.toThrow(/mail could not be sent/);
  });
});
