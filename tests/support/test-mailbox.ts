import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { resetMailForTests } from "@/lib/mail";
import { linkIn, startMailbox, waitForMail, type Mailbox, type ReceivedMail } from "./mailbox";

// The service's mail, read where a person reads it: a real SMTP mailbox (tests/support/mailbox.ts)
// that SMTP_URL points at for this test file. Both API projects use it: with DATABASE_URL set
// (api-postgres) sendMail refuses to send without SMTP_URL, and on PGlite it would only log the
// message (below LOG_LEVEL=error, so nowhere).

export type TestMailbox = {
  /** the newest mail to `to` whose subject matches, arrived after `after` (epoch ms) */
  mailTo(to: string, subject?: RegExp, after?: number): Promise<ReceivedMail>;
  /** the newest matching mail's link whose path starts with `pathPrefix`, and that link's `token` parameter */
  linkTo(to: string, subject: RegExp, pathPrefix: string, after?: number): Promise<{ link: string; token: string }>;
  /** every mail to `to` received so far */
  allTo(to: string): ReceivedMail[];
};

/** Starts a mailbox for the test file (in beforeAll) and points the service's mail at it. */
export function mailboxForThisFile(): TestMailbox {
  let dir = "";
  let mailbox: Mailbox | undefined;
  const saved = process.env.SMTP_URL;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-test-mail-"));
    mailbox = await startMailbox({ dir, port: 0 });
    process.env.SMTP_URL = mailbox.url;
    resetConfigForTests();
    resetMailForTests();
  });
  afterAll(async () => {
    resetMailForTests();
    await mailbox?.close();
    if (saved === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = saved;
    resetConfigForTests();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const mailTo = (to: string, subject?: RegExp, after?: number) => waitForMail(dir, { to, subject, after, timeoutMs: 10_000 });
  return {
    mailTo,
    async linkTo(to, subject, pathPrefix, after) {
      const link = linkIn(await mailTo(to, subject, after), pathPrefix);
      const token = new URL(link).searchParams.get("token");
      if (!token) throw new Error(`the link ${link} carries no token`);
      return { link, token };
    },
    allTo(to) {
      return fs
        .readdirSync(dir)
        .filter((n) => n.endsWith(".json") && !n.startsWith("."))
        .map((n) => JSON.parse(fs.readFileSync(path.join(dir, n), "utf8")) as ReceivedMail)
        .filter((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase()));
    },
  };
}
