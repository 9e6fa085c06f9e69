"use client";

import { signOut } from "next-auth/react";
import { ui } from "@/components/ui/styles";

export function SignOutButton() {
  return (
    <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => signOut({ callbackUrl: "/dashboard/sign-in" })}>
      Sign out
    </button>
  );
}
