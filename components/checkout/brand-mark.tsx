import { ui } from "@/components/ui/styles";
import { SERVICE_NAME } from "@/lib/brand";

// No hooks and no server code: the payer's page renders it on the server, the dashboard's live
// preview in the browser.

/** The service's own mark at the foot of the page; none when the merchant turned branding off. */
export function BrandMark({ hidden, label = `Secure checkout by ${SERVICE_NAME}` }: { hidden: boolean; label?: string }) {
  if (hidden) return null;
  return <p className={`mt-2 text-center text-xs ${ui.muted}`}>{label}</p>;
}
