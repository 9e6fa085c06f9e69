import type { Metadata } from "next";
import { headers } from "next/headers";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = { title: { absolute: "API reference · Checkout docs" } };

/** The request's CSP nonce (proxy.ts sets the policy on the request), for the renderer's script. */
async function requestNonce(): Promise<string | undefined> {
  const csp = (await headers()).get("content-security-policy") ?? "";
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
}

// The API reference, rendered in the browser by Scalar from the service's own OpenAPI document
// (GET /api/openapi.json). Scalar's browser bundle is served from this origin (./scalar.js), loaded
// only by this page.
export default async function ApiReferencePage() {
  const nonce = await requestNonce();
  return (
    <main id="content" className="flex-1">
      <h1 className="sr-only">API reference</h1>
      <ApiReference documentUrl="/api/openapi.json" scriptUrl="/docs/scalar.js" nonce={nonce} />
      <noscript>
        <p className="mx-auto max-w-2xl px-4 py-8">
          The reference needs JavaScript. The OpenAPI document itself is at{" "}
          <a className="text-blue-700 underline dark:text-blue-300" href="/api/openapi.json">
            /api/openapi.json
          </a>
          .
        </p>
      </noscript>
    </main>
  );
}
