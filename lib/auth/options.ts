import type { NextAuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/db/client";
import { getConfig } from "@/lib/config";
import { isDatabaseUnavailable } from "@/lib/errors";
import { clientAddress } from "@/lib/limits/client-ip";
import { identityAtSignIn, IDLE_SECONDS, liveIdentity, type SignedInUser, signInWithApiKey } from "./dashboard-session";

// The dashboard signs a merchant in with their API key: checked against its hash, never kept. The
// session is a JWT in an httpOnly cookie that holds the merchant's id, the id of the key that signed
// in and the time of sign-in; every request checks that key is still live (dashboard-session.ts).

export function authOptions(): NextAuthOptions {
  return {
    secret: getConfig().nextAuthSecret,
    session: { strategy: "jwt", maxAge: IDLE_SECONDS },
    pages: { signIn: "/dashboard/sign-in" },
    providers: [
      CredentialsProvider({
        name: "API key",
        credentials: { apiKey: { label: "API key", type: "password" } },
        async authorize(credentials, req) {
          // next-auth hands over the request's headers as a plain object
          const raw: unknown = req?.headers;
          const headers =
            raw instanceof Headers
              ? raw
              : new Headers(Object.entries(raw ?? {}).filter((e): e is [string, string] => typeof e[1] === "string"));
          return signInWithApiKey(await getDb(), credentials?.apiKey, clientAddress(headers));
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) return { ...token, ...identityAtSignIn(user as User & SignedInUser) };
        let identity;
        try {
          identity = await liveIdentity(await getDb(), token);
        } catch (err) {
          // the database is briefly away: that says nothing about the key, so the session stays
          // (the page itself shows its error state); next-auth would otherwise clear the cookie
          if (isDatabaseUnavailable(err)) return token;
          throw err;
        }
        // an ended session keeps no identity, so nothing later (enabling the merchant again) revives it
        return identity ? token : { ended: true };
      },
      session({ session, token }) {
        return typeof token.merchantId === "string" ? { ...session, merchantId: token.merchantId } : session;
      },
    },
  };
}
