import type { Metadata } from "next";
import { SignInForm } from "@/components/dashboard/sign-in-form";
import { safeNext } from "@/lib/auth/next-path";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

const NOTICES: Record<string, string> = {
  reset: "Your password was changed. Sign in with the new one.",
  changed: "Your password was changed, and every session was signed out. Sign in with the new one.",
  everywhere: "You were signed out everywhere.",
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const notice = typeof params.notice === "string" ? NOTICES[params.notice] : undefined;
  return <SignInForm next={safeNext(params.next)} notice={notice} />;
}
