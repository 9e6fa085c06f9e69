import { getConfig } from "@/lib/core/config";
import { errorFields, logger } from "@/lib/core/logger";
import { type Mail, sendMail } from "@/lib/mail";

// The mails people receive: plain text, who sent them and why, what to do if it was not them, and no
// tracking of any kind (no pixels, no redirecting links).

const app = () => getConfig().appUrl;

/** Sends in the background: the answer must not wait on (nor reveal) whether a mail went out. */
export function deliver(mail: Mail, why: string) {
  void sendMail(mail).catch((err) => logger.error("mail not sent", { why, ...errorFields(err) }));
}
const footer = () =>
  `\n\n—\nSent by the checkout service at ${app()} because of a request made with this address. If it was not you, you can ignore this message.`;

export const verifyMail = (to: string, token: string): Mail => ({
  to,
  subject: "Confirm your email address",
  text:
    `Someone (we hope you) created a dashboard account with this address.\n\n` +
    `To confirm it, open this link within 24 hours and enter the password you chose:\n${app()}/dashboard/verify?token=${token}` +
    footer(),
});

export const alreadyRegisteredMail = (to: string): Mail => ({
  to,
  subject: "You already have an account",
  text:
    `Someone tried to create a dashboard account with this address, which already has one.\n\n` +
    `Sign in at ${app()}/dashboard/sign-in, or if you forgot your password, reset it at ${app()}/dashboard/forgot-password` +
    footer(),
});

export const resetMail = (to: string, token: string): Mail => ({
  to,
  subject: "Reset your password",
  text:
    `Someone (we hope you) asked to reset the password of the dashboard account with this address.\n\n` +
    `To choose a new password, open this link within 1 hour:\n${app()}/dashboard/reset-password?token=${token}\n\n` +
    `Resetting signs you out everywhere.` +
    footer(),
});

export const inviteMail = (to: string, token: string, inviter: string, account: string, role: string): Mail => ({
  to,
  // no name of the sender's choosing in the subject (an account may be called "PayPal: verify at …")
  subject: "You are invited to a merchant account",
  text:
    `${inviter} invited you to join the merchant account "${account}" as ${role}.\n\n` +
    `To accept, open this link within 7 days and sign in (or create an account) with this address:\n${app()}/dashboard/invite?token=${token}` +
    footer(),
});

export const passwordChangedMail = (to: string): Mail => ({
  to,
  subject: "Your password was changed",
  text:
    `The password of your dashboard account was just changed, and every session was signed out.\n\n` +
    `If you did not do this, reset your password at once: ${app()}/dashboard/forgot-password` +
    footer(),
});

/** A change of how the person signs in, as its mail names it. */
export type FactorChange =
  | { kind: "passkey-added"; name: string }
  | { kind: "passkey-removed"; name: string }
  | { kind: "totp-enabled" }
  | { kind: "totp-disabled" }
  | { kind: "recovery-codes-replaced" };

function factorChange(change: FactorChange): { subject: string; what: string } {
  switch (change.kind) {
    case "passkey-added":
      return {
        subject: "A passkey was added to your account",
        what: `A passkey named "${change.name}" was added to your dashboard account. It signs in without a password.`,
      };
    case "passkey-removed":
      return {
        subject: "A passkey was removed from your account",
        what: `The passkey named "${change.name}" was removed from your dashboard account.`,
      };
    case "totp-enabled":
      return {
        subject: "An authenticator app was turned on for your account",
        what: "An authenticator app was set up as the second factor of your dashboard account, with new recovery codes.",
      };
    case "totp-disabled":
      return {
        subject: "The authenticator app was turned off for your account",
        what: "The authenticator app of your dashboard account was turned off, and its recovery codes no longer work.",
      };
    case "recovery-codes-replaced":
      return {
        subject: "New recovery codes were made for your account",
        what: "New recovery codes were made for your dashboard account; the previous ones no longer work.",
      };
  }
}

/** Tells the person that a factor was added or removed: what, when, and what to do if it was not them. */
export function factorChangedMail(to: string, change: FactorChange, at = new Date()): Mail {
  const { subject, what } = factorChange(change);
  return {
    to,
    subject,
    text:
      `${what}\n\nWhen: ${at.toISOString().slice(0, 16).replace("T", " ")} UTC\n\n` +
      `If this was not you, someone else may be signed in as you. Sign in at ${app()}/dashboard/account, remove any passkey ` +
      `or authenticator app you do not recognise, and change your password: that signs out every session. If you cannot ` +
      `sign in, reset your password at ${app()}/dashboard/forgot-password` +
      `\n\n—\nSent by the checkout service at ${app()} because the sign-in of the account with this address changed.`,
  };
}
