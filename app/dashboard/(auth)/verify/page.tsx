import type { Metadata } from "next";
import { VerifyEmailForm } from "@/components/dashboard/account-forms";

export const metadata: Metadata = { title: "Confirm your email", robots: { index: false } };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  return <VerifyEmailForm token={typeof token === "string" ? token : ""} />;
}
