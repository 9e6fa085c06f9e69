import type { ReactNode } from "react";
import { SandboxBanner } from "@/components/ui/sandbox-banner";
import { getPaymentRail } from "@/lib/payments";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      {getPaymentRail().name === "sandbox" && <SandboxBanner className="mb-6" />}
      {children}
    </main>
  );
}
