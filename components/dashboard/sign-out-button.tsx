"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { ui } from "@/components/ui/styles";

/**
 * Signs this browser out and goes to the sign-in page. `everywhere`: every session of the person
 * first (the server raises their session epoch), and the sign-in page says so.
 */
export function SignOutButton({ everywhere }: { everywhere?: () => Promise<unknown> }) {
  const router = useRouter();
  return (
    <button
      type="button"
      className={`${ui.button} ${ui.secondary}`}
      onClick={async () => {
        if (everywhere) await everywhere().catch(() => null);
        await signOut({ redirect: false });
        router.push(everywhere ? "/dashboard/sign-in?notice=everywhere" : "/dashboard/sign-in");
      }}
    >
      {everywhere ? "Sign out everywhere" : "Sign out"}
    </button>
  );
}
