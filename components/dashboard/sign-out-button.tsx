"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { ui } from "@/components/ui/styles";

export function SignOutButton() {
  const router = useRouter();
  return (
    <button
      type="button"
      className={`${ui.button} ${ui.secondary}`}
      onClick={async () => {
        await signOut({ redirect: false });
        router.push("/dashboard/sign-in");
      }}
    >
      Sign out
    </button>
  );
}
