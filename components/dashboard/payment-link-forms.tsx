"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { createLinkAction, setLinkActiveAction } from "@/actions/dashboard/link";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import { FIELD_LABELS, type LinkFieldKey } from "@/lib/links/fields";

type Chain = { id: number; name: string; usdc: string };

/**
 * The form that makes a payment link: its price (fixed or the payer's), where the USDC goes, what it
 * asks, and its limits. `oneOff`: a request for one payment (an invoice, a sale in a chat), a link
 * with a fixed amount that closes after its payment; its title is the reference the payer sees.
 */
export function CreateLinkForm({
  chains,
  wallet,
  currencies,
  oneOff = false,
}: {
  chains: Chain[];
  wallet: string;
  currencies: string[];
  oneOff?: boolean;
}) {
  const router = useRouter();
  const { failure, notice, pending, run } = useAction();
  const [chooses, setChooses] = useState(false);
  // ids unique on a page that holds both forms
  const id = (name: string) => (oneOff ? `one-${name}` : name);
  const [currency, setCurrency] = useState("USDC");
  const err = (name: string) => failure?.fields[name];
  return (
    <form
      className="mt-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const text = (name: string) => {
          const v = f.get(id(name));
          return typeof v === "string" && v.trim() ? v.trim() : undefined;
        };
        const chainId = Number(text("destinationChainId") ?? chains[0]?.id);
        const chain = chains.find((c) => c.id === chainId);
        const limit = text("maxPayments");
        const ends = text("endsAt");
        const fields = (Object.keys(FIELD_LABELS) as LinkFieldKey[])
          .filter((key) => !oneOff && f.get(`field-${key}`) !== "off")
          .map((key) => ({ key, required: f.get(`field-${key}`) === "required" }));
        void run(
          () =>
            createLinkAction({
              title: text("title") ?? "",
              ...(text("description") && { description: text("description") }),
              currency,
              ...(chooses ? { minAmount: text("minAmount") ?? "", maxAmount: text("maxAmount") ?? "" } : { amount: text("amount") ?? "" }),
              destinationChainId: chainId,
              destinationToken: chain?.usdc ?? "",
              recipientAddress: text("recipientAddress") ?? "",
              ...(text("successUrl") && { successUrl: text("successUrl") }),
              ...(text("cancelUrl") && { cancelUrl: text("cancelUrl") }),
              ...(fields.length && { fields }),
              ...(oneOff ? { maxPayments: 1 } : limit && { maxPayments: Number(limit) }),
              ...(ends && { endsAt: new Date(ends).toISOString() }),
            }),
          (r: { ok: true; data: { id: string } }) => router.push(`/dashboard/links/${r.data.id}`),
        );
      }}
    >
      <Field
        name={id("title")}
        label={oneOff ? "Reference" : "What is it for"}
        hint={
          oneOff ? "Shown to the payer, such as “Invoice 1042” or “Blue bike”" : "Shown to the payer, such as “Tip jar” or “Bread club”"
        }
        maxLength={100}
        required
        error={err("title")}
      />
      <div className="mt-4">
        <label htmlFor={id("description")} className={ui.label}>
          Note to the payer (optional)
        </label>
        <textarea
          id={id("description")}
          name={id("description")}
          maxLength={500}
          rows={2}
          className={ui.input}
          aria-invalid={err("description") ? true : undefined}
        />
      </div>
      <div className="mt-4">
        <label htmlFor={id("currency")} className={ui.label}>
          Currency
        </label>
        <select id={id("currency")} className={ui.input} value={currency} onChange={(e) => setCurrency(e.target.value)}>
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c === "USDC" ? "USDC (you receive this amount)" : `${c} (the payer pays exactly this amount)`}
            </option>
          ))}
        </select>
      </div>
      {!oneOff && (
        <fieldset className="mt-4">
          <legend className={ui.label}>Amount</legend>
          <label className="mt-1 flex items-center gap-2 text-sm">
            <input type="radio" name="amountKind" checked={!chooses} onChange={() => setChooses(false)} /> A fixed amount
          </label>
          <label className="mt-1 flex items-center gap-2 text-sm">
            <input type="radio" name="amountKind" checked={chooses} onChange={() => setChooses(true)} /> The payer chooses, between a
            minimum and a maximum
          </label>
        </fieldset>
      )}
      {chooses && !oneOff ? (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field name="minAmount" label={`Minimum (${currency})`} inputMode="decimal" required error={err("minAmount")} />
          <Field name="maxAmount" label={`Maximum (${currency})`} inputMode="decimal" required error={err("maxAmount")} />
        </div>
      ) : (
        <Field name={id("amount")} label={`Amount (${currency})`} inputMode="decimal" required error={err("amount")} />
      )}
      <div className="mt-4">
        <label htmlFor={id("destinationChainId")} className={ui.label}>
          Chain the USDC is paid out on
        </label>
        <select id={id("destinationChainId")} name={id("destinationChainId")} className={ui.input} defaultValue={chains[0]?.id}>
          {chains.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <Field
        name={id("recipientAddress")}
        label="Wallet that receives the USDC"
        defaultValue={wallet}
        placeholder="0x…"
        autoComplete="off"
        spellCheck={false}
        required
        error={err("recipientAddress") ?? err("destinationToken")}
      />
      {!oneOff && (
        <>
          <fieldset className="mt-4">
            <legend className={ui.label}>Ask the payer for</legend>
            <div className="mt-1 grid gap-2 sm:grid-cols-3">
              {(Object.entries(FIELD_LABELS) as [LinkFieldKey, string][]).map(([key, label]) => (
                <div key={key}>
                  <label htmlFor={`field-${key}`} className="block text-sm">
                    {label}
                  </label>
                  <select id={`field-${key}`} name={`field-${key}`} className={ui.input} defaultValue="off">
                    <option value="off">Not asked</option>
                    <option value="optional">Optional</option>
                    <option value="required">Required</option>
                  </select>
                </div>
              ))}
            </div>
            {err("fields") && <p className="mt-1 text-sm text-red-800 dark:text-red-300">{err("fields")}</p>}
          </fieldset>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field
              name="maxPayments"
              label="Number of payments (optional)"
              hint="Closed after this many payments"
              inputMode="numeric"
              error={err("maxPayments")}
            />
            <Field name="endsAt" label="Ends on (optional)" hint="Closed after this moment" type="datetime-local" error={err("endsAt")} />
          </div>
        </>
      )}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          name={id("successUrl")}
          label="Page after payment (optional)"
          hint="Where the payer goes once paid"
          type="url"
          placeholder="https://"
          error={err("successUrl")}
        />
        <Field
          name={id("cancelUrl")}
          label="Page if they cancel (optional)"
          hint="Where the payer goes on cancelling"
          type="url"
          placeholder="https://"
          error={err("cancelUrl")}
        />
      </div>
      <button type="submit" className={`mt-5 ${ui.button} ${ui.primary}`} disabled={pending} aria-busy={pending}>
        {pending ? "Creating…" : oneOff ? "Create the payment request" : "Create payment link"}
      </button>
      <FormMessage message={notice} />
    </form>
  );
}

/** Pauses or resumes a link: a paused link says so to its payers and starts nothing, even from a page opened before. */
export function LinkActiveButton({ id, active }: { id: string; active: boolean }) {
  const router = useRouter();
  const { notice, pending, run } = useAction();
  return (
    <div>
      <button
        type="button"
        className={`${ui.button} ${ui.secondary}`}
        disabled={pending}
        aria-busy={pending}
        onClick={() =>
          void run(
            () => setLinkActiveAction(id, !active),
            () => router.refresh(),
            active ? "Link paused." : "Link resumed.",
          )
        }
      >
        {active ? "Pause link" : "Resume link"}
      </button>
      <FormMessage message={notice} />
    </div>
  );
}
