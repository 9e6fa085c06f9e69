import { describe, expect, it } from "vitest";
import { acceptInvite, claimMerchant, inviteByToken, inviteMember, removeMember } from "@/lib/accounts/teams";
import { listInvites } from "@/lib/accounts/teams";
import { newMerchant, randomIp } from "../support/api";
import { testDb } from "../support/db";
import { actorOf, person } from "../support/people";
import { mailboxForThisFile } from "../support/test-mailbox";

// An owner's invites lapse when they are removed: also for an invite written at the very moment of
// the removal, on PostgreSQL's real concurrency. Whichever commits first, no invite of a removed
// owner is left working.

const mail = mailboxForThisFile();

describe("an invite sent while its inviter is removed", () => {
  it("is refused or lapses, never left working", async () => {
    const db = await testDb();
    for (let round = 0; round < 8; round++) {
      const m = await newMerchant();
      const first = await person();
      await claimMerchant(db, first, m.apiKey, randomIp());
      const asFirst = actorOf(m.id, first, "owner");
      const second = await person();
      const after = Date.now();
      await inviteMember(db, asFirst, { email: second.email, role: "owner" });
      const { token } = await mail.linkTo(second.email, /You are invited/, "/dashboard/invite", after);
      await acceptInvite(db, token, second, randomIp());
      const asSecond = actorOf(m.id, second, "owner");

      const invitees = await Promise.all([person(), person(), person()]);
      const outcomes = await Promise.allSettled([
        ...invitees.map((who) => inviteMember(db, asSecond, { email: who.email, role: "owner" })),
        removeMember(db, asFirst, second.userId),
      ]);
      expect(outcomes.at(-1)!.status).toBe("fulfilled");
      for (const o of outcomes.slice(0, -1)) {
        if (o.status === "rejected") expect(o.reason).toMatchObject({ code: "FORBIDDEN" });
      }
      // nothing the removed owner sent still works
      expect(await listInvites(db, m.id)).toEqual([]);
      for (const who of invitees) {
        const sent = mail.allTo(who.email);
        for (const invite of sent) {
          const t = /token=([A-Za-z0-9_-]+)/.exec(invite.text)?.[1];
          if (t) expect(await inviteByToken(db, t)).toEqual({ state: "gone" });
        }
      }
    }
  });
});
