/** Where to go after signing in: a dashboard path of this site only (never another origin). */
export function safeNext(next: unknown): string {
  if (typeof next !== "string" || !next.startsWith("/dashboard") || next.startsWith("//") || next.includes("\\")) return "/dashboard";
  try {
    const url = new URL(next, "http://x");
    return url.host === "x" && url.pathname.startsWith("/dashboard") ? `${url.pathname}${url.search}` : "/dashboard";
  } catch {
    return "/dashboard";
  }
}
