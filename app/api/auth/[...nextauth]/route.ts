import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

// /api/auth/* – next-auth's own protocol (sign-in with an API key, session, sign-out, csrf)
function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(authOptions())(req, ctx);
}
export { handler as GET, handler as POST };
