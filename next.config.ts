import type { NextConfig } from "next";

export default {
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  // responses are small JSON; compression belongs to the reverse proxy, not the app's CPU
  compress: false,
} satisfies NextConfig;
