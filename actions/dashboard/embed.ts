"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { setFrameAncestors } from "@/lib/embed/framing";
import { frameOriginsSchema } from "@/lib/embed/origins";
import { type ActionFailure, action } from "@/lib/http/action";

// Settings → Embedding: the origins that may frame the signed-in merchant's checkout.

const embeddingInput = z.strictObject({ origins: frameOriginsSchema });

/** Replaces the allowed origins; answers with the list as stored (normalised, without duplicates). */
export const updateEmbedding: (input: { origins: string[] }) => Promise<{ ok: true; origins: string[] } | ActionFailure> = action(
  {
    name: "dashboard.embedding",
    input: embeddingInput,
    actor: "merchant",
    // each message already quotes the entry it is about
    invalid: (fields) => (fields.body ? "Enter the origins, one per line." : Object.values(fields).join("; ")),
  },
  async ({ db, input, actor }) => {
    const origins = await setFrameAncestors(db, input.origins, { actor });
    revalidatePath("/dashboard/settings");
    return { ok: true as const, origins };
  },
);
