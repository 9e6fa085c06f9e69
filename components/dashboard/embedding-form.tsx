"use client";

import { useId, useState } from "react";
import { updateEmbedding } from "@/actions/dashboard/embed";
import { FormMessage } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import { frameOriginsSchema, MAX_FRAME_ORIGINS } from "@/lib/embed/origins";

const entriesOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** Settings → Embedding: which sites may show the checkout in an iframe (`embed=true`). */
export function EmbeddingSection({ origins }: { origins: string[] }) {
  const { notice: message, pending, run, refuse } = useAction();
  const [text, setText] = useState(origins.join("\n"));
  const id = useId();
  const [helpId, errorId] = [`${id}-help`, `${id}-error`];
  const invalid = message?.ok === false;

  return (
    <section className={ui.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="font-semibold">
        Embedding
      </h2>
      <p className={`mt-2 ${ui.muted}`}>
        Show the checkout inside your own page: open its link with <code className="font-mono">&amp;embed=true</code> in an iframe. Only the
        sites listed here may frame it; with none listed, no site can.
      </p>
      <form
        className="mt-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const entries = entriesOf(text);
          // the same rules as the server, at once; the server checks again
          const local = frameOriginsSchema.safeParse(entries);
          if (!local.success) return refuse(local.error.issues.map((i) => i.message).join("; "));
          void run(
            () => updateEmbedding({ origins: entries }),
            (r) => setText(r.origins.join("\n")),
            (r) =>
              r.origins.length
                ? `Saved. ${r.origins.length} ${r.origins.length === 1 ? "site" : "sites"} may embed the checkout.`
                : "Saved. No site may embed the checkout.",
          );
        }}
      >
        <label htmlFor={id} className={ui.label}>
          Sites allowed to embed the checkout
        </label>
        <textarea
          id={id}
          name="origins"
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          placeholder="https://shop.example.com"
          aria-describedby={invalid ? `${helpId} ${errorId}` : helpId}
          aria-invalid={invalid || undefined}
          className={`${ui.input} font-mono text-sm`}
        />
        <p id={helpId} className={`mt-1 text-sm ${ui.muted}`}>
          One origin per line: <code className="font-mono">https://</code> and the host, with a port if it is not 443, and no path. For
          development, <code className="font-mono">http://localhost</code> or <code className="font-mono">http://127.0.0.1</code> with a
          port. At most {MAX_FRAME_ORIGINS}.
        </p>
        <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-3`}>
          {pending ? "Saving…" : "Save embedding"}
        </button>
        <FormMessage message={message} id={errorId} />
      </form>
    </section>
  );
}
