import {
  CHAIN_TX,
  DELIVERY,
  isOrderEnded,
  isOrderLive,
  isOrderPaid,
  isSessionOpen,
  type Machine,
  ORDER,
  PAYOUT_CHANGE,
  REFUND,
  type Rule,
  SESSION,
  statusesWhere,
} from "./machines";

// docs/architecture.md shows the machines as the code has them: this writes the marked section, and
// a test fails when the document differs from what it would write (npm run docs:state).

export const START = "<!-- state-tables:start -->";
export const END = "<!-- state-tables:end -->";

/** Each machine as the document shows it: its title, and the predicates the services use with the statuses each holds for. */
const DOCUMENTED: { name: string; title: string; machine: Machine<string, string>; predicates: [string, string[]][] }[] = [
  {
    name: "session",
    title: "Checkout session",
    machine: SESSION,
    predicates: [["`isSessionOpen` (awaits the payer)", statusesWhere("session", isSessionOpen)]],
  },
  {
    name: "order",
    title: "Order",
    machine: ORDER,
    predicates: [
      ["`isOrderLive` (neither fulfilled nor ended)", statusesWhere("order", isOrderLive)],
      ["`isOrderPaid` (money may be on its way; cancel refuses)", statusesWhere("order", isOrderPaid)],
      ["`isOrderEnded` (the session may start again)", statusesWhere("order", isOrderEnded)],
    ],
  },
  { name: "delivery", title: "Webhook delivery", machine: DELIVERY, predicates: [] },
  {
    name: "chainTx",
    title: "Rail transaction (moved by `moveTx`, where a refused move is logged as an error and changes nothing)",
    machine: CHAIN_TX,
    predicates: [],
  },
  { name: "payoutChange", title: "A new owner's held payout change", machine: PAYOUT_CHANGE, predicates: [] },
  { name: "refund", title: "A refund (lib/refunds)", machine: REFUND, predicates: [] },
];

export function renderStateTables(): string {
  const parts = [
    "Generated from `lib/state/machines.ts` by `npm run docs:state`; do not edit by hand.",
    "A trigger moves a row from one of its *from* statuses to its *to* status, in one conditional `UPDATE`; from any other status it is a 409.",
  ];
  for (const { name, title, machine: m, predicates } of DOCUMENTED) {
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
