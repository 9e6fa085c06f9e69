import type { MemberRole } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import type { Mail } from "@/lib/mail";
import { mailTime } from "./owner-mail";
import { ROLE_LABELS } from "./roles";

// The mail every owner (and the member a change is about) receives for each change of the team: what
// changed, who did it, when, and what to do if it was not them. A stolen session that changes the
// team is seen at once by the people it would lock out.

export type TeamChange =
  | { kind: "invited"; email: string; role: MemberRole }
  | { kind: "invite-revoked"; email: string; role: MemberRole }
  | { kind: "joined"; email: string; role: MemberRole }
  | { kind: "role-changed"; email: string; from: MemberRole; to: MemberRole; lapsedInvites: number }
  | { kind: "removed"; email: string; lapsedInvites: number }
  | { kind: "left"; email: string; lapsedInvites: number }
  | { kind: "second-factor"; required: boolean };

// no name or address of anyone's choosing in a subject
const SUBJECTS: Record<TeamChange["kind"], string> = {
  invited: "Someone was invited to your merchant account",
  "invite-revoked": "An invite to your merchant account was revoked",
  joined: "Someone joined your merchant account",
  "role-changed": "A role was changed in your merchant account",
  removed: "A member was removed from your merchant account",
  left: "A member left your merchant account",
  "second-factor": "The sign-in rule of your merchant account changed",
};

const role = (r: MemberRole) => ROLE_LABELS[r].toLowerCase();

const hours = (ms: number) => (ms % 3_600_000 === 0 ? `${ms / 3_600_000} hours` : `${Math.ceil(ms / 60_000)} minutes`);

function lapsed(n: number): string {
  return n ? ` The ${n} pending invite${n === 1 ? "" : "s"} they sent no longer work${n === 1 ? "s" : ""}.` : "";
}

/** What happened, in one paragraph, as `to` reads it ("you" when it is about them). */
function what(change: TeamChange, by: string, account: string, to: string): string {
  const them = (email: string) => (email.toLowerCase() === to.toLowerCase() ? "you" : email);
  const where = `the merchant account "${account}"`;
  const hold = hours(getConfig().newOwnerPayoutHoldMs);
  switch (change.kind) {
    case "invited":
      return (
        `${by} invited ${them(change.email)} to join ${where} as ${role(change.role)}.` +
        (change.role === "owner"
          ? ` An owner manages the team and where the money goes; a new owner's payout changes wait ${hold}, and you can cancel them from the mail you will receive.`
          : "")
      );
    case "invite-revoked":
      return `${by} revoked the invite of ${them(change.email)} to join ${where} as ${role(change.role)}.`;
    case "joined":
      return `${change.email} accepted an invite and joined ${where} as ${role(change.role)}.`;
    case "role-changed":
      return `${by} changed the role of ${them(change.email)} in ${where} from ${role(change.from)} to ${role(change.to)}.${lapsed(change.lapsedInvites)}`;
    case "removed":
      return `${by} removed ${them(change.email)} from ${where}.${lapsed(change.lapsedInvites)}`;
    case "left":
      return `${change.email} left ${where}.${lapsed(change.lapsedInvites)}`;
    case "second-factor":
      return change.required
        ? `${by} turned on the rule that every member of ${where} needs a second factor (an authenticator app or a passkey) to sign in.`
        : `${by} turned off the rule that every member of ${where} needs a second factor to sign in: the password alone may now be enough.`;
  }
}

/** The mail of one team change to `to`. */
export function teamChangeMail(to: string, change: TeamChange, by: string, account: string, at = new Date()): Mail {
  const app = getConfig().appUrl;
  const aboutThem = "email" in change && change.email.toLowerCase() === to.toLowerCase();
  const lockedOut = aboutThem && (change.kind === "removed" || (change.kind === "role-changed" && change.from === "owner"));
  const ifNot = lockedOut
    ? `If you did not expect this, someone may be using an owner's sign-in: ask another owner of the account, or the operator of ` +
      `this checkout service, to put you back and to check the team at once. Change your password and sign out everywhere ` +
      `(${app}/dashboard/account). While the hold lasts, a new owner's payout changes wait, and the mail about them lets you ` +
      `cancel them even if you are no longer an owner.`
    : `If this was not you, or you did not expect it: undo it on the Team page (${app}/dashboard/team), change your password ` +
      `and sign out everywhere (${app}/dashboard/account), and check the audit trail (${app}/dashboard/audit). Every team ` +
      `change asks the person making it for their password again, so a change you did not make means someone knows a password.`;
  return {
    to,
    subject: SUBJECTS[change.kind],
    text:
      `${what(change, by, account, to)}\n\nWhen: ${mailTime(at)}\n\n${ifNot}` +
      `\n\n—\nSent by the checkout service at ${app} to every owner of the account (and to the member a change is about), for every change of its team.`,
  };
}
