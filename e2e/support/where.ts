import fs from "node:fs";
import path from "node:path";

// Where each e2e spec runs. Every spec says so in a line of its own, with the reason after it, and
// the Playwright configuration refuses to load while one does not:
//
//   // Where it runs: directly. <why the production topology would add nothing to what it checks>
//   // Where it runs: directly, and the tests tagged @topology through the production topology too. <what the topology checks>
//   // Where it runs: through the production topology only. <the fault or part of the topology it checks>
//
// "directly" is `npm start` on the embedded database (the "direct" project); the production topology
// is Caddy with TLS, two instances on PostgreSQL and a worker (the "prod" project). A journey goes
// through the topology when the proxy, TLS, two instances, the worker or a fault is what it checks,
// and runs once, directly, otherwise: the topology costs a second run of everything it carries.
// Presentation sweeps (axe, themes, widths) run directly only. The topology-only specs live in
// e2e/prod/ and are the fault tests.

export const TOPOLOGY_TAG = "@topology";

const KINDS = {
  direct: "directly.",
  tagged: `directly, and the tests tagged ${TOPOLOGY_TAG} through the production topology too.`,
  topology: "through the production topology only.",
} as const;
type Kind = keyof typeof KINDS;

/** Each spec under `dir` with where it runs; throws, naming every spec that does not say or contradicts itself. */
export function specsByWhereTheyRun(dir: string): Record<Kind, string[]> {
  const found: Record<Kind, string[]> = { direct: [], tagged: [], topology: [] };
  const problems: string[] = [];
  for (const file of fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".spec.ts"))
    .sort()) {
    const rel = file.split(path.sep).join("/");
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    const line = /^\/\/ Where it runs: (.*)$/m.exec(text)?.[1] ?? "";
    const kind = (Object.keys(KINDS) as Kind[]).find((k) => line.startsWith(KINDS[k]));
    const reason = kind ? line.slice(KINDS[kind].length).trim() : "";
    const inProd = rel.startsWith("prod/");
    const tagged = text.includes(`tag: "${TOPOLOGY_TAG}"`);
    if (!kind) problems.push(`${rel}: no line "// Where it runs: …" naming one of: ${Object.values(KINDS).join(" | ")}`);
    else if (!reason) problems.push(`${rel}: says where it runs but not why (the reason follows on the same line)`);
    else if (inProd !== (kind === "topology")) problems.push(`${rel}: the topology-only specs are the ones in e2e/prod/, and only they`);
    else if (kind === "direct" && tagged) problems.push(`${rel}: runs directly only, yet tags a test ${TOPOLOGY_TAG}`);
    else if (kind === "tagged" && !tagged) problems.push(`${rel}: says some tests run through the topology, but tags none ${TOPOLOGY_TAG}`);
    if (kind) found[kind].push(rel);
  }
  if (problems.length) throw new Error(`e2e specs must say where they run (e2e/support/where.ts):\n  ${problems.join("\n  ")}`);
  return found;
}
