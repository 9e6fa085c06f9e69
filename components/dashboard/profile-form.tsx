"use client";

import { useState } from "react";
import { updateProfile } from "@/actions/dashboard/profile";
import { MerchantLogo } from "@/components/checkout/theme";
import { FormMessage } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";

export function ProfileForm({ displayName, logoUrl }: { displayName: string; logoUrl: string | null }) {
  const { notice, pending, run } = useAction();
  const [logo, setLogo] = useState(logoUrl ?? "");
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        void run(
          () => updateProfile({ displayName: String(f.get("displayName") ?? ""), logoUrl: String(f.get("logoUrl") ?? "") }),
          undefined,
          "Saved.",
        );
      }}
    >
      <label htmlFor="displayName" className={ui.label}>
        Display name
      </label>
      <input id="displayName" name="displayName" defaultValue={displayName} required className={ui.input} />
      <label htmlFor="logoUrl" className={`${ui.label} mt-3`}>
        Logo URL (https)
      </label>
      <input id="logoUrl" name="logoUrl" type="url" value={logo} onChange={(e) => setLogo(e.target.value)} className={ui.input} />
      <div className="mt-3 flex items-center gap-3">
        <span className={`text-sm ${ui.muted}`}>Preview</span>
        {logo.startsWith("https://") ? (
          // a logo that does not load shows the initials, as on the payer's page
          <MerchantLogo name={displayName} logoUrl={logo} label="Logo preview" />
        ) : (
          <span className={`text-sm ${ui.muted}`}>no logo</span>
        )}
      </div>
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-4`}>
        Save
      </button>
      <FormMessage message={notice} />
    </form>
  );
}
