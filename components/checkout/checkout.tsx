"use client";

import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState, useTransition } from "react";
import { type ActionResult, cancelCheckout, chooseAndStart, reportPaymentSent, saveChoice, simulateConfirmation } from "@/app/checkout/actions";
import type { CheckoutView } from "@/lib/checkout/service";
import { checkoutKeys } from "./query-keys";
import { CheckoutUnavailable } from "./unavailable";

const button =
  "inline-flex w-full items-center justify-center rounded-xl px-4 py-3 text-base font-semibold motion-safe:transition disabled:cursor-not-allowed disabled:opacity-60";
const primary = `${button} bg-blue-700 text-white hover:bg-blue-800 dark:bg-blue-500 dark:text-slate-950 dark:hover:bg-blue-400`;
const secondary = `${button} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;
const muted = "text-slate-700 dark:text-slate-300";

export function Checkout({ initial }: { initial: CheckoutView }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: true } } }));
  return (
    <QueryClientProvider client={client}>
      <CheckoutFlow initial={initial} />
    </QueryClientProvider>
  );
}

async function fetchView(sessionId: string): Promise<CheckoutView> {
  const res = await fetch(`/checkout/status?session=${encodeURIComponent(sessionId)}`, { cache: "no-store" });
  if (!res.ok) throw new Error(`status ${res.status}`);
  return res.json();
}

function CheckoutFlow({ initial }: { initial: CheckoutView }) {
  const queryClient = useQueryClient();
  const id = initial.session.id;
  const waiting = (v: CheckoutView) => v.session.status === "ACTIVE";
  const view = useQuery({
    queryKey: checkoutKeys.view(id),
    queryFn: () => fetchView(id),
    initialData: initial,
    // live while money may be moving; slower otherwise, so expiry still shows up
    refetchInterval: (q) => (q.state.data && waiting(q.state.data) ? 2_000 : 15_000),
  });
  const [pending, startTransition] = useTransition();
  const [actionError, setActionError] = useState<string | null>(null);

  const act = (fn: () => Promise<ActionResult>) => {
    setActionError(null);
    startTransition(async () => {
      try {
        const result = await fn();
        if (result.view) queryClient.setQueryData(checkoutKeys.view(id), result.view);
        if (!result.ok) setActionError(result.message);
      } catch {
        setActionError("We could not reach the payment service. Check your connection and try again.");
      }
    });
  };

  const v = view.data;
  // the operator disabled the merchant while this page was open: its next refresh closes it
  if (v.merchant.disabled) return <CheckoutUnavailable merchant={v.merchant} />;
  return (
    <main className="mx-auto flex min-h-screen w-full max-w-md flex-col px-4 py-6 sm:py-10">
      <Header view={v} />
      <section className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900" aria-live="polite">
        {view.isError && (
          <div role="alert" className="mb-4 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
            <p>We lost contact with the payment service. Your payment is safe.</p>
            <button type="button" className="mt-2 font-semibold underline" onClick={() => view.refetch()}>
              Retry now
            </button>
          </div>
        )}
        {actionError && (
          <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            {actionError}
          </p>
        )}
        <Step view={v} pending={pending} act={act} />
      </section>
      <p className={`mt-6 text-center text-sm ${muted}`}>Payments are settled in USDC on-chain. Never share your banking password.</p>
    </main>
  );
}

function Header({ view }: { view: CheckoutView }) {
  const [logoFailed, setLogoFailed] = useState(false);
  return (
    <header className="flex items-center gap-3">
      {view.merchant.logoUrl && !logoFailed ? (
        // eslint-disable-next-line @next/next/no-img-element -- merchant logos are arbitrary https URLs
        <img src={view.merchant.logoUrl} alt={`${view.merchant.displayName} logo`} width={48} height={48} className="h-12 w-12 rounded-xl object-cover" onError={() => setLogoFailed(true)} />
      ) : (
        <div aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-xl bg-slate-200 text-xl font-bold dark:bg-slate-700">
          {view.merchant.displayName.slice(0, 1).toUpperCase()}
        </div>
      )}
      <div>
        <p className={`text-sm ${muted}`}>Pay {view.merchant.displayName}</p>
        <h1 className="text-2xl font-bold">{view.session.amountUsdc} USDC</h1>
        <p className={`text-sm ${muted}`}>
          {view.merchant.displayName} receives {view.session.amountUsdc} USDC
        </p>
      </div>
    </header>
  );
}

type StepProps = { view: CheckoutView; pending: boolean; act: (fn: () => Promise<ActionResult>) => void };

function Step({ view, pending, act }: StepProps) {
  const { session, order } = view;
  if (session.status === "COMPLETED") return <Success view={view} />;
  if (session.status === "EXPIRED") return <Ended title="This checkout has expired" text="The time to pay has run out. Go back to the shop to start a new checkout." view={view} />;
  if (session.status === "CANCELLED") return <Ended title="Checkout cancelled" text="Nothing was charged." view={view} back={session.cancelUrl} />;
  if (!order || order.status === "CANCELLED") return <Choose view={view} pending={pending} act={act} />;
  if (order.status === "EXPIRED") return <Choose view={view} pending={pending} act={act} notice="Your order expired before the payment was sent. Start again to get a new quote." />;
  if (order.status === "FAILED") return <Choose view={view} pending={pending} act={act} notice="The payment could not be completed. You can start again." />;
  if (order.status === "SIGNAL_MINED") return <Pay view={view} pending={pending} act={act} />;
  return <Waiting view={view} pending={pending} act={act} />;
}

function Choose({ view, pending, act, notice }: StepProps & { notice?: string }) {
  const currencies = useMemo(() => [...new Set(view.options.flatMap((o) => o.quotes.map((q) => q.currency)))], [view.options]);
  const [currency, setCurrency] = useState(view.session.selectedFiatCurrency ?? (currencies.includes("USD") ? "USD" : currencies[0]!));
  const choices = view.options
    .flatMap((o) => o.quotes.filter((q) => q.currency === currency).map((q) => ({ ...q, platform: o.platform, label: o.label })))
    .sort((a, b) => (BigInt(a.minor) < BigInt(b.minor) ? -1 : BigInt(a.minor) > BigInt(b.minor) ? 1 : a.label.localeCompare(b.label)));
  const [platform, setPlatform] = useState<string | null>(view.session.selectedPaymentPlatform);
  const chosen = choices.find((c) => c.platform === platform) ?? null;
  const currencyId = useId();

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen) act(() => chooseAndStart(view.session.id, { paymentPlatform: chosen.platform, fiatCurrency: currency }));
      }}
    >
      {notice && (
        <p role="status" className="mb-4 rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
          {notice}
        </p>
      )}
      <h2 className="text-lg font-semibold">How would you like to pay?</h2>
      <label htmlFor={currencyId} className="mt-4 block text-sm font-medium">
        Currency
      </label>
      <select
        id={currencyId}
        value={currency}
        onChange={(e) => setCurrency(e.target.value)}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-950"
      >
        {currencies.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium">Payment app (cheapest first)</legend>
        <div className="mt-2 space-y-2">
          {choices.map((c) => (
            <label
              key={c.platform}
              className="flex cursor-pointer items-center justify-between rounded-xl border border-slate-300 p-3 has-[:checked]:border-blue-700 has-[:checked]:ring-2 has-[:checked]:ring-blue-700 dark:border-slate-600 dark:has-[:checked]:border-blue-400 dark:has-[:checked]:ring-blue-400"
            >
              <span className="flex items-center gap-3">
                <input
                  type="radio"
                  name="platform"
                  value={c.platform}
                  checked={platform === c.platform}
                  onChange={() => {
                    setPlatform(c.platform);
                    // saved as chosen (select-platform), while the session awaits its payer
                    if (view.session.status === "CREATED") void saveChoice(view.session.id, { paymentPlatform: c.platform, fiatCurrency: currency }).catch(() => {});
                  }}
                  className="h-4 w-4"
                />
                <span className="font-medium">{c.label}</span>
              </span>
              <span className="tabular-nums">{c.fiatAmountFormatted}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={`${primary} mt-5`} disabled={!chosen || pending}>
        {pending ? "Getting your quote…" : chosen ? `Continue with ${chosen.label}` : "Choose a payment app"}
      </button>
      <CancelButton view={view} pending={pending} act={act} />
    </form>
  );
}

function Pay({ view, pending, act }: StepProps) {
  const order = view.order!;
  return (
    <div>
      <h2 className="text-lg font-semibold">Send the payment with {order.platformLabel}</h2>
      <Countdown until={order.expiresAt} label="Order expires in" />
      <dl className="mt-4 space-y-3">
        <CopyRow term="Amount to send (exactly)" value={order.fiatAmountFormatted} copy={order.fiatAmount} />
        <CopyRow term={`Recipient on ${order.platformLabel}`} value={order.recipient} copy={order.recipient} />
      </dl>
      <p className="mt-4 rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
        <span className="font-medium">Note: </span>
        {order.note}
      </p>
      {order.paymentLink && (
        <a href={order.paymentLink} target="_blank" rel="noopener noreferrer" className={`${secondary} mt-4`}>
          Open {order.platformLabel}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
      <button type="button" className={`${primary} mt-4`} disabled={pending} onClick={() => act(() => reportPaymentSent(view.session.id))}>
        {pending ? "Saving…" : "I have sent the payment"}
      </button>
      <CancelButton view={view} pending={pending} act={act} />
    </div>
  );
}

function Waiting({ view, pending, act }: StepProps) {
  const order = view.order!;
  return (
    <div>
      <div role="status" className="flex items-center gap-3">
        <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-blue-700 border-t-transparent dark:border-blue-400 dark:border-t-transparent" />
        <h2 className="text-lg font-semibold">Waiting for your payment to be confirmed</h2>
      </div>
      <p className={`mt-2 ${muted}`}>
        You sent {order.fiatAmountFormatted} with {order.platformLabel} to {order.recipient}. This page updates by itself; you can keep it open.
      </p>
      {order.lastProofError && (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {order.lastProofError} Please try the confirmation again.
        </p>
      )}
      {view.sandbox && (
        <div className="mt-5 rounded-xl border-2 border-dashed border-amber-500 p-4">
          <p className="text-sm font-semibold uppercase tracking-wide text-amber-800 dark:text-amber-300">Sandbox: no real money moves</p>
          <div className="mt-3 grid gap-2">
            <button type="button" className={primary} disabled={pending} onClick={() => act(() => simulateConfirmation(view.session.id, "success"))}>
              Simulate bank confirmation
            </button>
            <button type="button" className={secondary} disabled={pending} onClick={() => act(() => simulateConfirmation(view.session.id, "invalid"))}>
              Simulate a rejected proof
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

function Success({ view }: { view: CheckoutView }) {
  const order = view.order;
  const target = view.session.successUrl;
  const [left, setLeft] = useState(5);
  useEffect(() => {
    if (!target) return;
    const timer = setInterval(() => setLeft((n) => n - 1), 1_000);
    return () => clearInterval(timer);
  }, [target]);
  useEffect(() => {
    if (target && left <= 0) window.location.assign(target);
  }, [left, target]);
  return (
    <div>
      <h2 className="text-lg font-semibold text-green-800 dark:text-green-300">Payment complete</h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className={muted}>Amount</dt>
        <dd className="font-medium">{view.session.amountUsdc} USDC</dd>
        {order && (
          <>
            <dt className={muted}>Paid with</dt>
            <dd className="font-medium">
              {order.fiatAmountFormatted} via {order.platformLabel}
            </dd>
            <dt className={muted}>Order</dt>
            <dd className="break-all font-mono">{order.id}</dd>
            <dt className={muted}>Transaction</dt>
            <dd className="break-all font-mono">{order.fulfillTx}</dd>
          </>
        )}
      </dl>
      {target && (
        <>
          <p className={`mt-4 ${muted}`}>Returning you to {view.merchant.displayName} in {Math.max(left, 0)} s…</p>
          <a href={target} className={`${primary} mt-3`}>
            Return to {view.merchant.displayName} now
          </a>
        </>
      )}
    </div>
  );
}

function Ended({ title, text, view, back }: { title: string; text: string; view: CheckoutView; back?: string | null }) {
  return (
    <div>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className={`mt-2 ${muted}`}>{text}</p>
      {back && (
        <a href={back} className={`${secondary} mt-4`}>
          Back to {view.merchant.displayName}
        </a>
      )}
    </div>
  );
}

function CancelButton({ view, pending, act }: StepProps) {
  const [confirming, setConfirming] = useState(false);
  const target = view.session.cancelUrl;
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  if (!confirming) {
    return (
      <button type="button" className={`${secondary} mt-3`} disabled={pending} onClick={() => setConfirming(true)}>
        Cancel checkout
      </button>
    );
  }
  return (
    <div role="group" aria-label="Confirm cancellation" className="mt-3 rounded-xl border border-slate-300 p-3 dark:border-slate-600">
      <p>Cancel this checkout? You will not be charged.</p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <button
          ref={confirmRef}
          type="button"
          className={`${button} bg-red-700 text-white hover:bg-red-800`}
          disabled={pending}
          onClick={() =>
            act(async () => {
              const result = await cancelCheckout(view.session.id);
              if (result.ok && target) window.location.assign(target);
              return result;
            })
          }
        >
          Yes, cancel
        </button>
        <button type="button" className={secondary} onClick={() => setConfirming(false)}>
          Keep paying
        </button>
      </div>
    </div>
  );
}

function CopyRow({ term, value, copy }: { term: string; value: string; copy: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="rounded-xl border border-slate-300 p-3 dark:border-slate-600">
      <dt className={`text-sm ${muted}`}>{term}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span className="min-w-0 break-all text-lg font-semibold tabular-nums">{value}</span>
        <button
          type="button"
          className="shrink-0 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
          onClick={async () => {
            await navigator.clipboard?.writeText(copy).catch(() => {});
            setCopied(true);
            setTimeout(() => setCopied(false), 2_000);
          }}
        >
          {copied ? "Copied" : "Copy"}
          <span className="sr-only"> {term.toLowerCase()}</span>
        </button>
      </dd>
    </div>
  );
}

function Countdown({ until, label }: { until: string; label: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return (
    <p className={`mt-1 text-sm ${muted}`}>
      {label}{" "}
      <span role="timer" aria-live="off" className="font-semibold tabular-nums">
        {text}
      </span>
    </p>
  );
}
