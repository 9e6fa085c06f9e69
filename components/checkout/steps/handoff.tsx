"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { handoffLink } from "@/actions/checkout";
import type { Handoff } from "@/lib/checkout/handoff";
import { secondary } from "./shared";

/** The session the hand-off is for: its id, and a v1 order's token. */
export type HandoffFor = { sessionId: string; token: string | null };

/**
 * A browser that cannot prove a live payment (a phone): the short link and QR code that open this
 * checkout on a computer, before anything is reserved. This page keeps following the session, so the
 * receipt (and the shop's success page) shows here too once the payment completes there.
 */
export function HandoffToComputer({ sessionId, token }: HandoffFor) {
  const t = useTranslations("Handoff");
  const [handoff, setHandoff] = useState<Handoff | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    let current = true;
    handoffLink(sessionId, token).then(
      (r) => current && (r.ok ? setHandoff(r.handoff) : setProblem(r.message)),
      () => current && setProblem(t("failed")),
    );
    return () => {
      current = false;
    };
  }, [sessionId, token, t]);
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
  return (
    <div className="mt-3">
      <p>{t("intro")}</p>
      {problem && <p className="mt-2 font-semibold">{problem}</p>}
      {!handoff && !problem && <p className="mt-2">{t("making")}</p>}
      {handoff && (
        <div className="mt-3 flex flex-col items-start gap-3">
          <p className="w-full rounded-lg bg-white p-2 font-mono text-base break-all text-slate-900" data-testid="handoff-link">
            {handoff.url}
          </p>
          {/* a dark code on white in every theme: scanners need the contrast */}
          {/* eslint-disable-next-line @next/next/no-img-element -- an SVG from this origin, not an image to optimise */}
          <img src={handoff.qrPath} alt={t("qrAlt", { url: handoff.url })} width={160} height={160} className="rounded-lg bg-white" />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={secondary}
              onClick={() =>
                void navigator.clipboard?.writeText(handoff.url).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {copied ? t("copied") : t("copy")}
            </button>
            {canShare && (
              <button
                type="button"
                className={secondary}
                onClick={() => void navigator.share({ title: document.title, url: handoff.url }).catch(() => {})}
              >
                {t("share")}
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
