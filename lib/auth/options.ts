import type { NextAuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/db/client";
import { signInWithPasskey } from "@/lib/accounts/passkeys";
import { signInPerson } from "@/lib/accounts/people";
import { getConfig } from "@/lib/core/config";
import { isDatabaseUnavailable } from "@/lib/core/errors";
import { clientAddress } from "@/lib/limits/client-ip";
import { identityAtSignIn, IDLE_SECONDS, liveIdentity, type SignedInUser, signInWithApiKey } from "./dashboard-session";

// People sign in with email and password (and their second factor's code), or with a passkey. An
// account no person has claimed yet still signs in with its API key, until someone claims it. The
// session is a JWT in an httpOnly cookie that holds who signed in and when; every request checks it
// is still live (dashboard-session.ts), and which account and role it acts in (session.ts).

/** The codes a failed sign-in's error carries to the form (components/dashboard/sign-in-form.tsx). */
export const SIGN_IN_ERRORS = ["INVALID", "UNVERIFIED", "SECOND_FACTOR", "BAD_CODE", "RATE_LIMITED"] as const;

function headersOf(req: unknown): Headers {
  // next-auth hands over the request's headers as a plain object
  const raw: unknown = (req as { headers?: unknown } | undefined)?.headers;
  return raw instanceof Headers
    ? raw
    : new Headers(Object.entries(raw ?? {}).filter((e): e is [string, string] => typeof e[1] === "string"));
}

const asPerson = (user: { id: string; email: string; sessionEpoch: number }): SignedInUser & User => ({
  id: user.id,
  name: user.email,
  userId: user.id,
  epoch: user.sessionEpoch,
});

export function authOptions(): NextAuthOptions {
  return {
    secret: getConfig().nextAuthSecret,
    session: { strategy: "jwt", maxAge: IDLE_SECONDS },
    pages: { signIn: "/dashboard/sign-in" },
    providers: [
      CredentialsProvider({
        id: "api-key",
        name: "API key",
        credentials: { apiKey: { label: "API key", type: "password" } },
        async authorize(credentials, req) {
          return signInWithApiKey(await getDb(), credentials?.apiKey, clientAddress(headersOf(req)));
        },
      }),
      CredentialsProvider({
        id: "password",
        name: "Email and password",
        credentials: { email: { type: "email" }, password: { type: "password" }, code: { type: "text" } },
        async authorize(credentials, req) {
          const result = await signInPerson(
            await getDb(),
            {
              email: String(credentials?.email ?? ""),
              password: String(credentials?.password ?? ""),
              code: credentials?.code || undefined,
            },
            clientAddress(headersOf(req)),
          );
          if (result.ok) return asPerson(result.user);
          throw new Error(result.reason === "rate_limited" ? `RATE_LIMITED:${result.retryAfterSeconds}` : result.reason.toUpperCase());
        },
      }),
      CredentialsProvider({
        id: "passkey",
        name: "Passkey",
        credentials: { challengeId: { type: "text" }, response: { type: "text" } },
        async authorize(credentials, req) {
          const user = await signInWithPasskey(
            await getDb(),
            String(credentials?.challengeId ?? ""),
            String(credentials?.response ?? ""),
            clientAddress(headersOf(req)),
          );
          if (user) return asPerson(user);
          throw new Error("INVALID");
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        // a sign-in: a token made afresh, so nothing a browser carried before it (a planted cookie) survives
        if (user) return { ...identityAtSignIn(user as User & SignedInUser), name: user.name, sub: user.id };
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
        // the epoch and sign-in time name this session, which a re-authentication is bound to (reauth.ts)
        if (token.kind === "person" && typeof token.userId === "string")
          return { ...session, userId: token.userId, epoch: token.epoch, signedInAt: token.signedInAt };
        return typeof token.merchantId === "string" ? { ...session, merchantId: token.merchantId } : session;
      },
    },
  };
}
