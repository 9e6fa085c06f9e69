import type { NextConfig } from "next";

export default {
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  // responses are small JSON; compression belongs to the reverse proxy, not the app's CPU
  compress: false,
  // proxy.ts sets every header of pages and API responses; Next.js's static files skip it
  async headers() {
    return [{ source: "/_next/static/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] }];
  },
} satisfies NextConfig;
