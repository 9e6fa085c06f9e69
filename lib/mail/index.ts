import { createTransport, type Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { getConfig } from "@/lib/core/config";
import { errorFields, logger } from "@/lib/core/logger";

// The service's outgoing mail: sign-up, password-reset and invite links for the dashboard. A real
// deployment sends through SMTP_URL; a laptop on the embedded database without one writes each
// message to the log instead, so `npm start` works end to end. Messages are plain text first (an
// HTML part is optional), with no tracking pixels or rewritten links.

export type Mail = { to: string; subject: string; text: string; html?: string };

const MISSING =
  "Missing settings: SMTP_URL must be set when DATABASE_URL is set (the dashboard sends sign-up, password-reset and invite links by email)";

/**
 * Throws when this is a real deployment (DATABASE_URL set) without SMTP_URL: the links would
 * otherwise go nowhere, or into the log. The server calls it at start-up and refuses to start.
 */
export function assertMailConfigured(): void {
  const config = getConfig();
  if (config.databaseUrl && !config.mail.smtpUrl) throw new Error(MISSING);
}

// Next.js bundles instrumentation and the routes apart, each with its own copy of this module:
// the transport is kept on globalThis so the process has one pool.
const holder = globalThis as unknown as { __checkoutMailTransport?: Transporter<SMTPPool.SentMessageInfo> };

function transportOptions(smtpUrl: string): SMTPPool.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const user = decodeURIComponent(url.username);
  return {
    pool: true,
    maxConnections: 3,
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    // a password never crosses the network in clear: with credentials, STARTTLS is required
    requireTLS: !secure && Boolean(user),
    auth: user ? { user, pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // a message is made of the strings given here only: no file or URL is ever read into it
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

function transport(smtpUrl: string) {
  holder.__checkoutMailTransport ??= createTransport(transportOptions(smtpUrl));
  return holder.__checkoutMailTransport;
}

/** Sends one message, or writes it to the log on a laptop without SMTP_URL. Rejects when it cannot be sent. */
export async function sendMail(mail: Mail): Promise<void> {
  if (!mail.text.trim()) throw new Error("mail needs a plain-text part");
  const config = getConfig();
  if (!config.mail.smtpUrl) {
    // never on a deployment: its links are credentials, and they must not land in a log
    assertMailConfigured();
    // nor on a laptop that can move real money (the real rail configured): its accounts are real
    if (config.liveRail)
      throw new Error("mail not sent: set SMTP_URL (with the real rail configured, links are sent by mail, never written to the log)");
    // a sandbox-only laptop: the message is written in the line's text, where the redaction of
    // addresses and mail fields does not reach, so `npm start` works end to end
    logger.info(`mail not sent (no SMTP_URL): written here instead\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`);
    return;
  }
  try {
    await transport(config.mail.smtpUrl).sendMail({
      from: config.mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html === undefined ? {} : { html: mail.html }),
      // mail sent by a program: out-of-office replies and the like are not sent back (RFC 3834)
      headers: { "Auto-Submitted": "auto-generated" },
    });
  } catch (err) {
    // neither the message (it holds the link) nor the server's answer (it may quote the address) is logged
    const responseCode = (err as { responseCode?: unknown }).responseCode;
    logger.error("mail could not be sent", { ...errorFields(err), ...(typeof responseCode === "number" ? { responseCode } : {}) });
    throw new Error("mail could not be sent", { cause: err });
  }
}

/** Tests only: close and forget the transport, so a changed SMTP_URL is used. */
export function resetMailForTests() {
  holder.__checkoutMailTransport?.close();
  holder.__checkoutMailTransport = undefined;
}
