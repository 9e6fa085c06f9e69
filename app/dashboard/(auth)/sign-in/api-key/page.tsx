import type { Metadata } from "next";
import { ApiKeySignInForm } from "@/components/dashboard/api-key-sign-in-form";

export const metadata: Metadata = { title: "Sign in with an API key", robots: { index: false } };

export default function ApiKeySignInPage() {
  return <ApiKeySignInForm />;
}
