"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { encodeFunctionData, erc20Abi, type Hex } from "viem";
import { cancelRefundAction, createRefundAction } from "@/actions/dashboard/refunds";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { FormMessage, SUCCESS_BOX } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import type { RefundItem, RefundSend } from "@/lib/dashboard/refunds";

// A session's refunds on its page: the owner's form that makes one (an amount up to what is left, a
// reason the payer reads, claimed by the payer or recorded as returned elsewhere), and each refund
// with its claim link (copy, QR), and once claimed exactly what to send: as text, as an EIP-681 QR
// code a phone wallet scans, and as a transfer the browser's wallet (EIP-1193) signs.

const STATUS_WORDS: Record<RefundItem["status"], string> = {
  AWAITING_CLAIM: "Waiting for the payer's claim",
  AWAITING_TRANSFER: "Claimed: waiting for your transfer",
  COMPLETED: "Completed",
  CANCELLED: "Cancelled",
  EXPIRED: "Expired unclaimed",
};

export function NewRefundForm({ sessionId, refundableUsdc }: { sessionId: string; refundableUsdc: string }) {
  const router = useRouter();
  const { failure, notice, pending, run } = useAction();
  const [method, setMethod] = useState<"claim" | "recorded">("claim");
  return (
    <form
      className="mt-3"
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        void run(
          () =>
            createRefundAction({
              sessionId,
              amountUsdc: String(f.get("amountUsdc") ?? "").trim() || undefined,
              reason: String(f.get("reason") ?? ""),
              method,
            }),
          () => router.refresh(),
          (r) =>
            r.refund.method === "recorded"
              ? `Recorded: ${r.refund.amountUsdc} USDC returned outside the service.`
              : `Refund of ${r.refund.amountUsdc} USDC made: send the payer its claim link below.`,
        );
      }}
    >
      <Field
        name="amountUsdc"
        label="Amount (USDC)"
        hint={`Up to ${refundableUsdc} USDC, what is left to refund. Leave it empty to refund all of that.`}
        inputMode="decimal"
        placeholder={refundableUsdc}
        error={failure?.fields.amountUsdc}
        className="mt-2"
      />
      <Field name="reason" label="Reason (the payer reads it)" maxLength={500} error={failure?.fields.reason} />
      <fieldset className="mt-4">
        <legend className={ui.label}>How the money goes back</legend>
        <label className="mt-1 flex items-center gap-2 text-sm">
          <input type="radio" name="method" value="claim" checked={method === "claim"} onChange={() => setMethod("claim")} />
          The payer claims it with a link, and I send USDC from my wallet
        </label>
        <label className="mt-1 flex items-center gap-2 text-sm">
          <input type="radio" name="method" value="recorded" checked={method === "recorded"} onChange={() => setMethod("recorded")} />I
          returned it outside the service (a bank transfer, cash): record it
        </label>
      </fieldset>
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-4`}>
        {pending ? "Refunding…" : "Refund"}
      </button>
      <FormMessage message={notice} success={SUCCESS_BOX} />
    </form>
  );
}

export function RefundList({ refunds, owner }: { refunds: RefundItem[]; owner: boolean }) {
  if (!refunds.length) return <p className={`mt-2 text-sm ${ui.muted}`}>No refunds.</p>;
  return (
    <ul className="mt-3 space-y-4">
      {refunds.map((r) => (
        <li
          key={r.id}
          className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          aria-label={`Refund of ${r.amountUsdc} USDC`}
        >
          <p className="font-semibold">
            {r.amountUsdc} USDC · {STATUS_WORDS[r.status]}
          </p>
          <p className={`text-sm ${ui.muted}`}>
            {r.method === "recorded" ? "Recorded as returned outside the service" : "Claimed by the payer"}
            {r.reason ? ` · ${r.reason}` : ""}
          </p>
          {r.payoutAddress && (
            <p className="mt-1 break-all text-sm">
              To <code>{r.payoutAddress}</code>
            </p>
          )}
          {r.txHash && r.status === "COMPLETED" && (
            <p className="mt-1 break-all text-sm">
              Transaction <code>{r.txHash}</code>
            </p>
          )}
          {r.claimUrl && r.claimQr && (
            <div className="mt-2">
              <p className="text-sm">Send this link to the payer; they say where the USDC should go:</p>
              <span className="mt-1 flex flex-wrap items-center gap-2">
                <code className="min-w-0 break-all text-sm">{r.claimUrl}</code>
                <CopyButton value={r.claimUrl} label="Copy the claim link" />
              </span>
              {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server */}
              <img src={r.claimQr} alt="QR code of the claim link" width={128} height={128} className="mt-2 bg-white" />
            </div>
          )}
          {r.send && <SendStep send={r.send} owner={owner} />}
          {owner && (r.status === "AWAITING_CLAIM" || (r.status === "AWAITING_TRANSFER" && !r.txHash)) && <CancelRefund id={r.id} />}
        </li>
      ))}
    </ul>
  );
}

function CancelRefund({ id }: { id: string }) {
  const router = useRouter();
  const { notice, pending, run } = useAction();
  return (
    <div>
      <button
        type="button"
        disabled={pending}
        className={`${ui.button} ${ui.secondary} mt-3`}
        onClick={() =>
          void run(
            () => cancelRefundAction({ refundId: id }),
            () => router.refresh(),
            "Refund cancelled.",
          )
        }
      >
        {pending ? "Cancelling…" : "Cancel this refund"}
      </button>
      <FormMessage message={notice} />
    </div>
  );
}

type Eip1193 = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

/** What to send, and a button that asks the browser's wallet to sign it from the session's recipient address. */
function SendStep({ send, owner }: { send: RefundSend; owner: boolean }) {
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const chainHex = `0x${send.chainId.toString(16)}`;

  async function sendWithWallet() {
    const wallet = (window as unknown as { ethereum?: Eip1193 }).ethereum;
    if (!wallet) {
      setState({
        ok: false,
        text: "No browser wallet found. Install one (MetaMask, Coinbase Wallet, Rabby), or scan the QR code with a phone wallet.",
      });
      return;
    }
    setPending(true);
    setState(null);
    try {
      const accounts = (await wallet.request({ method: "eth_requestAccounts" })) as string[];
      const from = accounts.find((a) => a.toLowerCase() === send.from.toLowerCase());
      if (!from) {
        setState({ ok: false, text: `Switch your wallet to ${send.from}, the address this session paid, and try again.` });
        return;
      }
      const current = (await wallet.request({ method: "eth_chainId" })) as string;
      if (current.toLowerCase() !== chainHex)
        await wallet.request({ method: "wallet_switchEthereumChain", params: [{ chainId: chainHex }] });
      const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [send.to as Hex, BigInt(send.amount)] });
      const hash = (await wallet.request({ method: "eth_sendTransaction", params: [{ from, to: send.token, data }] })) as string;
      setState({ ok: true, text: `Sent: transaction ${hash}. The refund completes once the chain confirms it.` });
    } catch (err) {
      const message = (err as { message?: string }).message ?? String(err);
      setState({ ok: false, text: `The wallet did not send it: ${message}` });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
      <p className="font-semibold">What to send</p>
      <dl className="mt-1 grid gap-x-3 text-sm sm:grid-cols-[auto_1fr]">
        <dt className={ui.muted}>Amount</dt>
        <dd>{send.amountUsdc} USDC</dd>
        <dt className={ui.muted}>Token</dt>
        <dd className="break-all">
          <code>{send.token}</code>
        </dd>
        <dt className={ui.muted}>Chain</dt>
        <dd>chain id {send.chainId}</dd>
        <dt className={ui.muted}>To</dt>
        <dd className="break-all">
          <code>{send.to}</code>
        </dd>
        <dt className={ui.muted}>From</dt>
        <dd className="break-all">
          <code>{send.from}</code> (the session&apos;s recipient, or another of your allowed payout addresses)
        </dd>
      </dl>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server */}
      <img src={send.qr} alt={`QR code: send ${send.amountUsdc} USDC to ${send.to}`} width={160} height={160} className="mt-2 bg-white" />
      <span className="mt-1 flex flex-wrap items-center gap-2">
        <code className="min-w-0 break-all text-xs">{send.eip681}</code>
        <CopyButton value={send.eip681} label="Copy the payment link" />
      </span>
      {owner && (
        <button type="button" disabled={pending} onClick={() => void sendWithWallet()} className={`${ui.button} ${ui.primary} mt-3`}>
          {pending ? "Waiting for the wallet…" : "Send with my wallet"}
        </button>
      )}
      <FormMessage message={state} success={SUCCESS_BOX} />
    </div>
  );
}
