import type { ReactNode } from "react";
import { SandboxBanner } from "@/components/ui/sandbox-banner";
import { getConfig } from "@/lib/core/config";

export default function AuthLayout({ children }: { children: ReactNode }) {
  // before sign-in no merchant is known: the banner shows when no one here can be live
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      {getConfig().liveRail === null && <SandboxBanner className="mb-6" />}
      {children}
    </main>
  );
}
