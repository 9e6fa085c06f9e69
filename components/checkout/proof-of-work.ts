"use client";

import { useCallback, useEffect, useRef } from "react";

// The payer's side of the proof of work a live start carries (lib/limits/proof-of-work.ts): the
// challenge in the view is solved in the background as soon as the choose step shows, so that by the
// time the payer presses "Continue" it is done; a start waits for it only if it is not.

const fromBase64Url = (text: string) => atob(text.replace(/-/g, "+").replace(/_/g, "/"));
const toBase64Url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

async function solve(challengeText: string): Promise<string> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import("altcha-lib"), import("altcha-lib/algorithms/web/sha")]);
  const challenge = JSON.parse(fromBase64Url(challengeText));
  const began = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  // how long the payer's device worked, for a person (or a test) to read in the browser's timeline
  performance.measure("checkout:proof-of-work", { start: began, end: performance.now() });
  if (!solution) throw new Error("the security check did not complete");
  return toBase64Url(JSON.stringify({ challenge, solution }));
}

/**
 * Starts solving a view's challenge at once; returns what to send with the start: the solution (or
 * undefined when no challenge was given, or solving failed: the server then says so, and the next
 * view brings a new challenge).
 */
export function useProofOfWork(challenge: string | null): () => Promise<string | undefined> {
  const solved = useRef<{ challenge: string; solution: Promise<string | undefined> } | null>(null);
  const begin = useCallback(() => {
    if (!challenge) return undefined;
    if (solved.current?.challenge !== challenge) solved.current = { challenge, solution: solve(challenge).catch(() => undefined) };
    return solved.current.solution;
  }, [challenge]);
  useEffect(() => {
    void begin();
  }, [begin]);
  return useCallback(async () => begin(), [begin]);
}
