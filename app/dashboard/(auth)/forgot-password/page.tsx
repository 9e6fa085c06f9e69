import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/dashboard/account-forms";

export const metadata: Metadata = { title: "Reset your password", robots: { index: false } };

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
