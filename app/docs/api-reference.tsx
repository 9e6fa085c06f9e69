"use client";

import { useEffect, useRef, useState } from "react";

type ScalarInstance = { destroy: () => void };
type ScalarGlobal = { createApiReference: (element: Element, configuration: Record<string, unknown>) => ScalarInstance };

let loading: Promise<ScalarGlobal> | undefined;

/** Scalar's standalone bundle, loaded once per page, with the request's nonce. */
function loadScalar(src: string, nonce: string | undefined): Promise<ScalarGlobal> {
  const existing = (window as { Scalar?: ScalarGlobal }).Scalar;
  if (existing) return Promise.resolve(existing);
  // Scalar's bundle carries zod 4, which probes for eval (`Function("")`) to compile its parsers. The
  // page's policy refuses eval, so the probe would be reported as a violation; jitless mode skips it.
  const zodConfig = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
  zodConfig.jitless = true;
  loading ??= new Promise<ScalarGlobal>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () => {
      const scalar = (window as { Scalar?: ScalarGlobal }).Scalar;
      if (scalar) resolve(scalar);
      else reject(new Error("the reference renderer did not load"));
    };
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error("the reference renderer did not load"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

// Scalar's backgrounds and borders in the site's own greys (Tailwind's slate), so the reference
// sits under the site's header in the same light and dark colours as every other page.
const SITE_COLOURS = `
.light-mode {
  --scalar-background-1: #ffffff;
  --scalar-background-2: #f8fafc;
  --scalar-background-3: #f1f5f9;
  --scalar-border-color: #e2e8f0;
  --scalar-color-accent: #1d4ed8;
}
.dark-mode {
  --scalar-background-1: #020617;
  --scalar-background-2: #0f172a;
  --scalar-background-3: #1e293b;
  --scalar-border-color: #1e293b;
  --scalar-color-accent: #93c5fd;
}`;

const prefersDark = () => window.matchMedia("(prefers-color-scheme: dark)").matches;

/**
 * The API reference: Scalar mounted into an element React leaves alone. Nothing leaves the origin:
 * no fonts from Scalar's servers, no telemetry, no hosted agent or MCP features, no request proxy
 * (the "test request" client calls this origin directly). Light or dark follows the system, like
 * the rest of the site.
 */
export function ApiReference({ documentUrl, scriptUrl, nonce }: { documentUrl: string; scriptUrl: string; nonce?: string }) {
  const mount = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = mount.current;
    if (!element) return;
    let instance: ScalarInstance | undefined;
    let cancelled = false;
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const render = (scalar: ScalarGlobal) => {
      instance?.destroy();
      instance = scalar.createApiReference(element, {
        url: documentUrl,
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        mcp: { disabled: true },
        showDeveloperTools: "never",
        hideDarkModeToggle: true,
        forceDarkModeState: prefersDark() ? "dark" : "light",
        documentDownloadType: "json",
        customCss: SITE_COLOURS,
      });
    };
    let onScheme: (() => void) | undefined;
    loadScalar(scriptUrl, nonce).then(
      (scalar) => {
        if (cancelled) return;
        render(scalar);
        onScheme = () => render(scalar);
        media.addEventListener("change", onScheme);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      if (onScheme) media.removeEventListener("change", onScheme);
      instance?.destroy();
    };
  }, [documentUrl, scriptUrl, nonce]);

  return (
    <>
      {failed && (
        <p role="alert" className="mx-auto max-w-2xl px-4 py-8">
          The reference could not load. The OpenAPI document is at {documentUrl}.
        </p>
      )}
      <div ref={mount} />
    </>
  );
}
