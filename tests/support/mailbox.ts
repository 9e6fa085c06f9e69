import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { testCertificates } from "./tls";

// A mailbox for tests: an SMTP server that takes the service's mail as a real provider does (STARTTLS
// with the test CA's certificate for localhost, AUTH required) and writes each message as a JSON file
// into a folder. The folder is the hand-over: the vitest workers, the Playwright workers and the
// servers under test are separate processes, and every one of them can read it.

export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** epoch milliseconds */
  receivedAt: number;
};

export type Mailbox = {
  /** the SMTP_URL that delivers here */
  url: string;
  port: number;
  close(): Promise<void>;
};

export const MAILBOX_USER = "mailbox";
export const MAILBOX_PASS = "mailbox";
const SIZE_LIMIT = 1024 * 1024;

/** Starts the mailbox. Port 0 picks a free one (see the returned url and port). */
export async function startMailbox(opts: { dir: string; port: number; host?: string }): Promise<Mailbox> {
  fs.mkdirSync(opts.dir, { recursive: true });
  const certs = testCertificates();
  const server = new SMTPServer({
    key: fs.readFileSync(certs.keyFile),
    cert: fs.readFileSync(certs.certFile),
    authOptional: false,
    authMethods: ["PLAIN", "LOGIN"],
    size: SIZE_LIMIT,
    logger: false,
    disableReverseLookup: true,
    // the servers under test keep pooled connections open: closing does not wait long for them
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      if (auth.username === MAILBOX_USER && auth.password === MAILBOX_PASS) callback(null, { user: auth.username });
      else callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error("Message exceeds the 1 MB limit"), { responseCode: 552 }));
          return;
        }
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            const mail: ReceivedMail = {
              from: parsed.from?.text ?? "",
              to: envelopeTo,
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : null,
              receivedAt: Date.now(),
            };
            // written aside and renamed into place: a reader never sees half a file
            const name = `${mail.receivedAt}-${crypto.randomBytes(6).toString("hex")}.json`;
            const tmp = path.join(opts.dir, `.${name}.tmp`);
            fs.writeFileSync(tmp, JSON.stringify(mail, null, 2));
            fs.renameSync(tmp, path.join(opts.dir, name));
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once("error", onError);
    server.listen(opts.port, opts.host ?? "127.0.0.1", () => {
      server.off("error", onError);
      resolve();
    });
  });
  // a failed connection (a client giving up half-way) is no reason to stop the test run
  server.on("error", () => {});
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : opts.port;
  return {
    url: `smtp://${MAILBOX_USER}:${MAILBOX_PASS}@localhost:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readMailbox(dir: string): ReceivedMail[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith(".json") && !n.startsWith("."));
  } catch {
    return []; // not made yet
  }
  const mails: ReceivedMail[] = [];
  for (const name of names) {
    try {
      mails.push(JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")));
    } catch {
      // removed meanwhile
    }
  }
  return mails.sort((a, b) => b.receivedAt - a.receivedAt);
}

/**
 * The newest message to `to` (case-insensitive) whose subject matches and that arrived after
 * `after` (epoch ms; take Date.now() before the action that sends it). Polls until timeoutMs.
 */
export async function waitForMail(
  dir: string,
  opts: { to: string; subject?: RegExp; after?: number; timeoutMs?: number },
): Promise<ReceivedMail> {
  const to = opts.to.toLowerCase();
  const until = Date.now() + (opts.timeoutMs ?? 15_000);
  for (;;) {
    const found = readMailbox(dir).find(
      (m) =>
        m.to.some((address) => address.toLowerCase() === to) &&
        (!opts.subject || opts.subject.test(m.subject)) &&
        (opts.after === undefined || m.receivedAt >= opts.after),
    );
    if (found) return found;
    if (Date.now() > until) {
      const subject = opts.subject ? ` with a subject matching ${opts.subject}` : "";
      throw new Error(`no mail to ${opts.to}${subject} arrived in ${dir} within ${opts.timeoutMs ?? 15_000} ms`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first http(s) link in the message's text whose path starts with pathPrefix. */
export function linkIn(mail: Pick<ReceivedMail, "text">, pathPrefix: string): string {
  for (const [match] of mail.text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) {
    // a link at the end of a sentence: the full stop is not part of it
    const candidate = match.replace(/[.,;:!?]+$/, "");
    try {
      if (new URL(candidate).pathname.startsWith(pathPrefix)) return candidate;
    } catch {
      // not a URL after all
    }
  }
  throw new Error(`no link to ${pathPrefix} in the mail's text:\n${mail.text}`);
}

// node --import tsx tests/support/mailbox.ts --dir <folder> --port <port> [--host <address>]
// A mailbox as a process of its own, for scripts/prod-like.ts run by hand: stops on SIGTERM/SIGINT.
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const dir = flag("--dir");
  const port = Number(flag("--port") ?? 2525);
  if (!dir || !Number.isInteger(port)) {
    process.stderr.write("usage: node --import tsx tests/support/mailbox.ts --dir <folder> --port <port> [--host <address>]\n");
    process.exit(2);
  }
  const mailbox = await startMailbox({ dir, port, host: flag("--host") });
  process.stdout.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "mailbox listening", url: mailbox.url, dir })}\n`,
  );
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => void mailbox.close().then(() => process.exit(0)));
  }
}
