import crypto from "node:crypto";
import { sha256Hex } from "@/lib/crypto";

/** A token for a link sent by email (or a recovery code's material): 256 random bits, only its hash stored. */
export function newLinkToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: sha256Hex(token) };
}

export const tokenHash = (token: string) => sha256Hex(token);

/** Lower-cased and trimmed: one account per address, whatever the case it was typed in. */
export const normalEmail = (email: string) => email.trim().toLowerCase();
