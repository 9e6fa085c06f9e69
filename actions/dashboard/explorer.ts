"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { CHAINS } from "@/lib/chains";
import { EXPLORER_CHAINS, type ExplorerOverrides, parseExplorerUrl } from "@/lib/merchants/explorer-urls";
import { type ActionFailure, action } from "@/lib/http/action";
import { setExplorerUrls } from "@/lib/merchants/explorers";

// Settings → Block explorers: one field per chain, an empty one meaning the default.

const field = z.string().transform((v, ctx) => {
  const parsed = parseExplorerUrl(v);
  if (parsed.ok) return parsed.url;
  ctx.addIssue({ code: "custom", message: parsed.message });
  return z.NEVER;
});

const explorerInput = z.strictObject(Object.fromEntries(EXPLORER_CHAINS.map((c) => [c.id, field.optional()])));

const chainNames = (ids: string[]) => ids.map((id) => CHAINS[Number(id)]?.name ?? id).join(" and ");

/** Saves every field or none; answers with the stored overrides (normalised). */
export const updateExplorerUrls: (urls: Record<string, string>) => Promise<{ ok: true; explorerUrls: ExplorerOverrides } | ActionFailure> =
  action(
    {
      name: "dashboard.explorers",
      input: explorerInput,
      actor: "merchant",
      invalid: (fields) => (fields.body ? "Enter the explorers as text." : `Not saved: check ${chainNames(Object.keys(fields))}.`),
    },
    async ({ db, input, actor }) => {
      const urls = Object.fromEntries(Object.entries(input).filter((e): e is [string, string] => typeof e[1] === "string"));
      await setExplorerUrls(db, urls, { actor });
      revalidatePath("/dashboard", "layout");
      return { ok: true as const, explorerUrls: urls };
    },
  );
