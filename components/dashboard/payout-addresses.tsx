"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { addPayoutAddressAction, removePayoutAddressAction } from "@/actions/dashboard/wallet";
import { RelativeTime } from "@/components/dashboard/relative-time";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import { exactTime } from "@/lib/dashboard/format";
import { useReauth } from "./reauth";
import type { PayoutAddressView } from "@/lib/merchants/payout-addresses";
import { Table } from "@/components/ui/table";
import type { SessionsPayingTo } from "@/lib/merchants/payout-addresses";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The removal's answer in a sentence: the links and the open sessions it stopped. */
function stoppedSummary(links: number, sessions: SessionsPayingTo): string {
  const stopped = sessions.stopped.length;
  const parts = [
    links ? ` ${plural(links, "payment link stops", "payment links stop")} taking payments.` : "",
    stopped ? ` ${plural(stopped, "open session", "open sessions")} can no longer be paid.` : "",
    sessions.underWay.length ? ` ${plural(sessions.underWay.length, "payment is", "payments are")} already under way to it.` : "",
    sessions.more ? ` And ${sessions.more} more sessions.` : "",
  ];
  return parts.join("");
}

/** The open sessions a removal stopped, and those whose payment was already under way to the address, each a link. */
function StoppedSessions({ address, sessions }: { address: string; sessions: SessionsPayingTo }) {
  const list = (ids: string[], label: string) =>
    ids.length > 0 && (
      <>
        <p className="mt-2">{label}</p>
        <ul className="mt-1 list-disc pl-5" aria-label={label}>
          {ids.map((id) => (
            <li key={id}>
              <Link className="font-mono underline" href={`/dashboard/sessions/${id}`}>
                {id}
              </Link>
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <div className="mt-3 text-sm">
      {list(sessions.stopped, `Open sessions that can no longer be paid to ${address}`)}
      {list(sessions.underWay, `Payments already under way to ${address} (they still settle to it)`)}
    </div>
  );
}

/**
 * The account's allowed payout addresses: every session, order and payment link must send its money
 * to one of them. Owners add and remove them (each change is mailed to every owner); others see the list.
 */
export function PayoutAddresses({ addresses, canEdit }: { addresses: PayoutAddressView[]; canEdit: boolean }) {
  const router = useRouter();
  const { failure, notice, pending, run } = useAction();
  // a new address asks the person to confirm it is them first
  const guard = useReauth();
  const fields = failure?.fields ?? {};
  // what the last removal stopped: the open sessions that can no longer be paid, and those already under way
  const [stopped, setStopped] = useState<{ address: string; sessions: SessionsPayingTo } | null>(null);
  return (
    <div>
      <p className={`mt-2 ${ui.muted}`}>
        Sessions, orders and payment links can only send payments to these addresses, whoever creates them (the dashboard or any API key).{" "}
        {canEdit ? "Every owner gets an email when the list changes." : "Only an owner can change the list."}
      </p>
      {addresses.length ? (
        <Table className="mt-3" caption="Allowed payout addresses" columns={["Address", "Label", "Added"]} actions={canEdit}>
          {addresses.map((a) => (
            <tr key={a.address} className="border-b border-slate-100 align-top dark:border-slate-800">
              <td className="py-2 pr-3 font-mono break-all">{a.address}</td>
              <td className="py-2 pr-3">
                {a.label ?? "—"}
                {a.payoutWallet && <span className={`block text-xs ${ui.muted}`}>The payout wallet</span>}
              </td>
              <td className="py-2 pr-3">
                <RelativeTime at={a.addedAt} />
                {a.addedBy && <span className={`block text-xs ${ui.muted}`}>by {a.addedBy}</span>}
              </td>
              {canEdit && (
                <td className="py-2">
                  {!a.payoutWallet && (
                    <button
                      type="button"
                      disabled={pending}
                      className={`${ui.button} ${ui.danger}`}
                      aria-label={`Remove ${a.address}`}
                      onClick={() => {
                        if (window.confirm(`Remove ${a.address}? Payment links and open sessions that pay to it stop taking payments.`)) {
                          setStopped(null);
                          void run(
                            () => removePayoutAddressAction(a.address),
                            (r) => {
                              if (r.sessions.stopped.length || r.sessions.underWay.length)
                                setStopped({ address: a.address, sessions: r.sessions });
                              router.refresh();
                            },
                            (r) => `Removed ${a.address}.${stoppedSummary(r.links, r.sessions)}`,
                          );
                        }
                      }}
                    >
                      Remove
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </Table>
      ) : (
        <p className="mt-3">No allowed payout addresses yet: sessions, orders and payment links are refused until an owner adds one.</p>
      )}
      {canEdit && (
        <form
          className="mt-4 grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const f = new FormData(form);
            void run(
              () =>
                guard(() =>
                  addPayoutAddressAction({ address: String(f.get("payoutAddress") ?? ""), label: String(f.get("payoutLabel") ?? "") }),
                ),
              () => {
                form.reset();
                router.refresh();
              },
              // a new owner's addition waits (lib/accounts/payout-holds.ts): the list below says until when
              (r) =>
                r.held
                  ? `Held: ${r.held.address} is added at ${exactTime(r.held.appliesAt)} unless an earlier owner cancels it.`
                  : "Address added.",
            );
          }}
        >
          <Field
            name="payoutAddress"
            label="Address to allow (EVM)"
            placeholder="0x…"
            spellCheck={false}
            autoComplete="off"
            required
            error={fields.address}
            className=""
          />
          <Field name="payoutLabel" label="Label (optional)" maxLength={60} error={fields.label} className="" />
          <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary}`}>
            Allow address
          </button>
        </form>
      )}
      <FormMessage message={notice} />
      {stopped && <StoppedSessions address={stopped.address} sessions={stopped.sessions} />}
    </div>
  );
}
