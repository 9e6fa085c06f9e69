import {
  CHAIN_TX,
  isOrderEnded,
  isOrderLive,
  isOrderPaid,
  isSessionOpen,
  type Machine,
  MACHINES,
  type MachineName,
  type Rule,
  statusesWhere,
} from "./machines";

// docs/architecture.md shows the machines as the code has them: this writes the marked section, and
// a test fails when the document differs from what it would write (npm run docs:state).

export const START = "<!-- state-tables:start -->";
export const END = "<!-- state-tables:end -->";

const TITLES: Record<MachineName, string> = { session: "Checkout session", order: "Order", delivery: "Webhook delivery" };

/** The predicates the services use, with the statuses each one holds for. */
const PREDICATES: Record<MachineName, [string, string[]][]> = {
  session: [["`isSessionOpen` (awaits the payer)", statusesWhere("session", isSessionOpen)]],
  order: [
    ["`isOrderLive` (neither fulfilled nor ended)", statusesWhere("order", isOrderLive)],
    ["`isOrderPaid` (money may be on its way; cancel refuses)", statusesWhere("order", isOrderPaid)],
    ["`isOrderEnded` (the session may start again)", statusesWhere("order", isOrderEnded)],
  ],
  delivery: [],
};

export function renderStateTables(): string {
  const parts = [
    "Generated from `lib/state/machines.ts` by `npm run docs:state`; do not edit by hand.",
    "A trigger moves a row from one of its *from* statuses to its *to* status, in one conditional `UPDATE`; from any other status it is a 409.",
  ];
  const machines: [string, string, Machine<string, string>, [string, string[]][]][] = [
    ...(Object.keys(MACHINES) as MachineName[]).map(
      (name) => [name, TITLES[name], MACHINES[name], PREDICATES[name]] as [string, string, Machine<string, string>, [string, string[]][]],
    ),
    ["chainTx", "Rail transaction (moved by `moveTx`, where a refused move is logged as an error and changes nothing)", CHAIN_TX, []],
  ];
  for (const [name, title, m, predicates] of machines) {
    const triggers = Object.entries<Rule<string>>(m.triggers);
    const reached = new Set([m.initial, ...triggers.map(([, r]) => r.to)]);
    const unreached = m.statuses.filter((s) => !reached.has(s));
    const lines = [
      `**${title}** (\`${name}\`): created ${code(m.initial)}; statuses ${m.statuses.map(code).join(", ")}.`,
      "",
      "| trigger | from | to | when |",
      "| --- | --- | --- | --- |",
      ...triggers.map(([t, r]) => `| \`${t}\` | ${r.from.map(code).join(", ")} | ${code(r.to)} | ${r.when} |`),
    ];
    if (unreached.length) lines.push("", `No trigger leads to ${unreached.map(code).join(", ")} yet.`);
    for (const [what, statuses] of predicates) lines.push("", `${what}: ${statuses.map(code).join(", ")}.`);
    parts.push(lines.join("\n"));
  }
  return parts.join("\n\n");
}

const code = (s: string) => `\`${s}\``;

/** The document with its marked section replaced by the rendered tables. */
export function withStateTables(doc: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`the document has no ${START} … ${END} section`);
  return `${doc.slice(0, start + START.length)}\n${renderStateTables()}\n${doc.slice(end)}`;
}
