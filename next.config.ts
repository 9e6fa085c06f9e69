import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

// the payer's languages (lib/i18n): each catalogue's messages compiled at build time, so the page's
// scripts carry a small formatter and no message parser
const withTranslations = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

export default withTranslations({
  // loaded by Node as they are: pglite reads its own files; @simplewebauthn/server's dependencies need
  // decorator metadata that a bundle loses; nodemailer and argon2 are Node libraries with no use for bundling;
  // prom-client and pino are loaded once per process by Node, beside the service's server script;
  // OpenTelemetry's SDK is loaded only when tracing is on (lib/tracing), and its API once per process
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@simplewebauthn/server",
    "nodemailer",
    "@node-rs/argon2",
    "prom-client",
    "pino",
    "@opentelemetry/api",
    "@opentelemetry/context-async-hooks",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/resources",
    "@opentelemetry/sdk-trace-base",
    "@opentelemetry/semantic-conventions",
  ],
  poweredByHeader: false,
  // responses are small JSON; compression belongs to the reverse proxy, not the app's CPU
  compress: false,
  // proxy.ts sets every header of pages and API responses; Next.js's static files skip it
  async headers() {
    return [{ source: "/_next/static/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] }];
  },
} satisfies NextConfig);
