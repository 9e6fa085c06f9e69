import type { NextConfig } from "next";

export default {
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
} satisfies NextConfig;
