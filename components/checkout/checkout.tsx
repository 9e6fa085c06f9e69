"use client";

import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/app/checkout/actions";
import { SandboxBanner } from "@/components/ui/sandbox-banner";
import { ui } from "@/components/ui/styles";
import type { CheckoutView } from "@/lib/checkout/service";
import { EmbedProvider, type EmbedSettings, useEmbedded, useEmbedMessages } from "./embed";
import { checkoutKeys } from "./query-keys";
import { Choose } from "./steps/choose";
import { Ended, NoPlatform } from "./steps/ended";
import { Pay } from "./steps/pay";
import { Receipt } from "./steps/receipt";
import type { StepProps } from "./steps/shared";
import { Waiting } from "./steps/waiting";
import { BrandMark, MerchantLogo } from "./theme";
import { CheckoutUnavailable } from "./unavailable";

// The shell of the payer's page: it keeps the view fresh, runs the actions and shows the step the
// server chose (lib/checkout/view.ts). It decides no status rule itself.

/**
 * Rendered inside the merchant's themed root (theme-root.tsx, on the server).
 * embed: the link asked for embedded mode (`embed=true`) and the merchant allows these parent origins. */
export function Checkout({ initial, embed }: { initial: CheckoutView; embed?: EmbedSettings | null }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: true } } }));
  return (
    <QueryClientProvider client={client}>
      <EmbedProvider settings={embed}>
        <CheckoutFlow initial={initial} />
      </EmbedProvider>
    </QueryClientProvider>
  );
}

async function fetchView(sessionId: string, token: string | null): Promise<CheckoutView> {
  const link = new URLSearchParams({ session: sessionId, ...(token ? { token } : {}) });
  const res = await fetch(`/checkout/status?${link}`, { cache: "no-store" });
  if (!res.ok) throw new Error(`status ${res.status}`);
  return res.json();
}

function CheckoutFlow({ initial }: { initial: CheckoutView }) {
  const queryClient = useQueryClient();
  const id = initial.session.id;
  const view = useQuery({
    queryKey: checkoutKeys.view(id),
    queryFn: () => fetchView(id, initial.session.token),
    initialData: initial,
    // live while money may be moving; slower otherwise, so expiry still shows up
    refetchInterval: (q) => (q.state.data?.live ? 2_000 : 15_000),
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
  const embedded = useEmbedded();
  useEmbedMessages(v);
  // the operator disabled the merchant while this page was open: its next refresh closes it
  if (v.step === "unavailable") return <CheckoutUnavailable merchant={v.merchant} />;
  return (
    <main className={`mx-auto flex w-full max-w-md flex-col ${embedded ? "p-2" : "min-h-screen px-4 py-6 sm:py-10"}`}>
      {/* the sandbox rail: said first, so no one takes a payment here for money (compact when embedded) */}
      {v.sandbox && <SandboxBanner compact={embedded} className={embedded ? "mb-2" : "mb-4"} />}
      {/* embedded, the shop's own page is the chrome: the amount stays, the logo and footer go */}
      <Header view={v} embedded={embedded} />
      <section className={`mt-4 ${ui.card}`} aria-live="polite">
        {view.isError && (
          <div
            role="alert"
            className="mb-4 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
          >
            <p>We lost contact with the payment service. Your payment is safe.</p>
            <button type="button" className="mt-2 font-semibold underline" onClick={() => view.refetch()}>
              Retry now
            </button>
          </div>
        )}
        {actionError && (
          <p role="alert" className={`mb-4 ${ui.error}`}>
            {actionError}
          </p>
        )}
        <Step view={v} pending={pending} act={act} />
      </section>
      {!embedded && (
        <p className={`mt-6 text-center text-sm ${ui.muted}`}>
          {v.session.price.mode === "exact-token" && "Payments are settled in USDC on-chain. "}Never share your banking password.
        </p>
      )}
      {!embedded && <BrandMark hidden={v.merchant.disableBranding} />}
    </main>
  );
}

function Header({ view, embedded }: { view: CheckoutView; embedded: boolean }) {
  return (
    <header className="flex items-center gap-3">
      {embedded ? null : <MerchantLogo name={view.merchant.displayName} logoUrl={view.merchant.logoUrl} />}
      <Amount view={view} />
    </header>
  );
}

/** exact-token: the USDC the merchant receives; exact-fiat: the price the payer pays, and no word of USDC. */
function Amount({ view }: { view: CheckoutView }) {
  const price = view.session.price;
  if (price.mode === "exact-fiat") {
    return (
      <div>
        <p className={`text-sm ${ui.muted}`}>{view.merchant.displayName}</p>
        <h1 className="text-2xl font-bold">{view.step === "receipt" ? `Paid ${price.formatted}` : `Pay ${price.formatted}`}</h1>
      </div>
    );
  }
  return (
    <div>
      <p className={`text-sm ${ui.muted}`}>Pay {view.merchant.displayName}</p>
      <h1 className="text-2xl font-bold">{price.amountUsdc} USDC</h1>
      <p className={`text-sm ${ui.muted}`}>
        {view.session.paidUsdc
          ? `${view.session.paidUsdc} USDC is paid already; this payment is for the rest`
          : `${view.merchant.displayName} receives ${price.amountUsdc} USDC`}
      </p>
    </div>
  );
}

function Step({ view, pending, act }: StepProps) {
  const props = { view, pending, act };
  switch (view.step) {
    case "receipt":
      return <Receipt view={view} />;
    case "expired":
      return (
        <Ended
          title="This checkout has expired"
          text="The time to pay has run out. Go back to the shop to start a new checkout."
          view={view}
        />
      );
    case "cancelled":
      return <Ended title="Checkout cancelled" text="Nothing was charged." view={view} back={view.session.cancelUrl} />;
    case "choose":
      return <Choose {...props} />;
    case "order-expired":
      return <Choose {...props} notice="Your order expired before the payment was sent. Start again to get a new quote." />;
    case "order-failed":
      return <Choose {...props} notice="The payment could not be completed. You can start again." />;
    case "no-platform":
      return <NoPlatform view={view} />;
    case "pay":
      return <Pay {...props} />;
    case "waiting":
      return <Waiting {...props} />;
    case "unavailable":
      return null;
  }
}
