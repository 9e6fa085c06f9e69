"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { action } from "@/lib/http/action";
import { createPaymentLink, updatePaymentLink } from "@/lib/links/service";
import { createPaymentLinkBody } from "@/lib/links/schemas";

// Dashboard actions on payment links: the signed-in merchant's own (the service checks), the same
// validation as the API, a developer's role or more.

export const createLinkAction = action(
  { name: "dashboard.payment_link.create", input: createPaymentLinkBody, actor: "merchant", invalid: "Check the highlighted fields." },
  async ({ db, input, actor }) => {
    const link = await createPaymentLink(db, input, { actor });
    revalidatePath("/dashboard/links");
    return { ok: true as const, data: { id: link.id } };
  },
);

export const setLinkActiveAction = action(
  {
    name: "dashboard.payment_link.update",
    input: z.strictObject({ id: z.string().min(1).max(100), active: z.boolean() }),
    from: (id: string, active: boolean) => ({ id, active }),
    actor: "merchant",
  },
  async ({ db, input, actor }) => {
    await updatePaymentLink(db, input.id, { active: input.active }, { actor });
    revalidatePath("/dashboard/links", "layout");
    return { ok: true as const, data: undefined };
  },
);
