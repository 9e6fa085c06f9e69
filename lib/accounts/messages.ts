import { getConfig } from "@/lib/config";
import type { Mail } from "@/lib/mail";

// The mails people receive: plain text, who sent them and why, what to do if it was not them, and no
// tracking of any kind (no pixels, no redirecting links).

const app = () => getConfig().appUrl;
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
