import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/db/client";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { authenticateApiKey, getMerchantOrThrow } from "@/lib/merchants/service";

// The dashboard signs a merchant in with their API key: checked against its hash, never kept. The
// session is a JWT in an httpOnly cookie that holds only the merchant's id.

export function authOptions(): NextAuthOptions {
  return {
    secret: getConfig().nextAuthSecret,
    session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
    pages: { signIn: "/dashboard/sign-in" },
    providers: [
      CredentialsProvider({
        name: "API key",
        credentials: { apiKey: { label: "API key", type: "password" } },
        async authorize(credentials) {
          const key = credentials?.apiKey?.trim();
          if (!key) return null;
          const db = await getDb();
          try {
            const { merchantId } = await authenticateApiKey(db, key);
            const m = await getMerchantOrThrow(db, merchantId, { merchantId });
            return { id: m.id, name: m.displayName };
          } catch (err) {
            if (err instanceof AppError) return null;
            throw err;
          }
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) token.merchantId = user.id;
        return token;
      },
      session({ session, token }) {
        return { ...session, merchantId: token.merchantId as string };
      },
    },
  };
}
