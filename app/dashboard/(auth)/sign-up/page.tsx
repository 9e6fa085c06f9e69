import type { Metadata } from "next";
import { SignUpForm } from "@/components/dashboard/sign-up-form";

export const metadata: Metadata = { title: "Create a merchant account", robots: { index: false } };

export default function SignUpPage() {
  return <SignUpForm />;
}
