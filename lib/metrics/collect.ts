import { sql } from "drizzle-orm";
import client from "prom-client";
import { type Db, rowsOf } from "@/db/client";
import { metrics } from "./index";

/** Due deliveries are counted up to this many: an alert needs "a lot", not an exact figure from a scan of millions. */
export const DUE_COUNT_CAP = 100_000;
const FRESH_MS = 5_000;
// chain_txs' kinds and states (db/schema.ts); a row with another value is not shown rather than made a label
const TX_KINDS = ["signal", "fulfill", "cancel", "noop"];
const TX_STATES = ["signed", "sent", "mined", "confirmed", "reverted", "replaced", "dropped"];
const TIMEOUT_MS = 3_000;

type Snapshot = {
  up: boolean;
  due: number;
  oldestDueSeconds: number;
  chainTxs: { kind: string; status: string; n: number }[];
  awaitingConfirmations: number;
  wallets: number;
  busyWallets: number;
  waitingForWallet: number;
  oldestUnconfirmedSeconds: number;
  releasesBlocked: number;
  exceptionsOpen: number;
};

/** What a scrape reports when the database does not answer in time (and where a read starts from). */
const DOWN: Snapshot = {
  up: false,
  due: 0,
  oldestDueSeconds: 0,
  chainTxs: [],
  awaitingConfirmations: 0,
  wallets: 0,
  busyWallets: 0,
  waitingForWallet: 0,
  oldestUnconfirmedSeconds: 0,
  releasesBlocked: 0,
  exceptionsOpen: 0,
};

async function read(db: Db, rail: boolean): Promise<Snapshot> {
  const [due] = rowsOf<{ due: number; oldest: number | null }>(
    await db.execute(sql`
      select (select count(*)::int from (select 1 from deliveries where status = 'PENDING' and next_attempt_at <= now() limit ${DUE_COUNT_CAP}) d) as due,
             (select extract(epoch from now() - min(next_attempt_at))::float8 from deliveries where status = 'PENDING' and next_attempt_at <= now()) as oldest`),
  );
  const [open] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from session_exceptions where status = 'OPEN'`));
  const snapshot: Snapshot = {
    ...DOWN,
    up: true,
    due: due?.due ?? 0,
    oldestDueSeconds: Math.max(0, Number(due?.oldest ?? 0)),
    exceptionsOpen: open?.n ?? 0,
  };
  if (rail) {
    const [txs, wallets, waiting, blocked] = await Promise.all([
      db.execute(sql`select kind, status, count(*)::int as n from chain_txs group by kind, status`),
      db.execute(sql`select count(*)::int as wallets, count(order_id)::int as busy from taker_wallets`),
      db.execute(sql`
        select (select count(*)::int from orders where status = 'SIGNAL_SUBMITTED' and taker_wallet is null and rail_due_at is not null) as waiting,
               (select extract(epoch from now() - min(coalesce(sent_at, created_at)))::float8 from chain_txs where status in ('signed', 'sent') and created_at > now() - interval '1 day') as oldest`),
      db.execute(sql`select count(*)::int as n from orders where status = 'PROOF_VERIFIED' and rail_state ? 'blocked'`),
    ]);
    snapshot.releasesBlocked = rowsOf<{ n: number }>(blocked)[0]?.n ?? 0;
    const [q] = rowsOf<{ waiting: number; oldest: number | null }>(waiting);
    snapshot.waitingForWallet = q?.waiting ?? 0;
    snapshot.oldestUnconfirmedSeconds = Math.max(0, Number(q?.oldest ?? 0));
    snapshot.chainTxs = rowsOf<{ kind: string; status: string; n: number }>(txs);
    snapshot.awaitingConfirmations = snapshot.chainTxs.filter((t) => t.status === "mined").reduce((a, t) => a + t.n, 0);
    const [w] = rowsOf<{ wallets: number; busy: number }>(wallets);
    snapshot.wallets = w?.wallets ?? 0;
    snapshot.busyWallets = w?.busy ?? 0;
  }
  return snapshot;
}

/**
 * Gauges read from the database when Prometheus scrapes: the webhook backlog, whether the database
 * answers, and on the real rail its transactions and wallets. One read serves every gauge of a
 * scrape and is reused for 5 s, so scrapes from several Prometheus servers cost one read; a read that
 * takes over 3 s counts as the database being down.
 */
export function registerDatabaseGauges(openDb: () => Promise<Db>, opts: { rail: boolean }) {
  const { registry } = metrics();
  if (registry.getSingleMetric("checkout_database_up")) return;
  let cached: { at: number; value: Promise<Snapshot> } | undefined;
  const snapshot = () => {
    if (!cached || Date.now() - cached.at > FRESH_MS) {
      const value = Promise.race([
        openDb().then((db) => read(db, opts.rail)),
        new Promise<Snapshot>((resolve) => setTimeout(() => resolve(DOWN), TIMEOUT_MS).unref()),
      ]).catch(() => DOWN);
      cached = { at: Date.now(), value };
    }
    return cached.value;
  };
  const registers = [registry];
  const gauge = (name: string, help: string, value: (s: Snapshot) => number) =>
    new client.Gauge({
      name,
      help,
      registers,
      async collect() {
        this.set(value(await snapshot()));
      },
    });
  gauge("checkout_database_up", "1 when the database answered this scrape's read within 3 s, else 0", (s) => (s.up ? 1 : 0));
  gauge(
    "checkout_webhook_deliveries_due",
    `Webhook deliveries due now and not yet delivered (counted up to ${DUE_COUNT_CAP})`,
    (s) => s.due,
  );
  gauge(
    "checkout_webhook_oldest_due_age_seconds",
    "How long the oldest due delivery has been waiting (0: none)",
    (s) => s.oldestDueSeconds,
  );
  gauge(
    "checkout_exceptions_open",
    "Sessions' exceptions that wait for a person (paid but unproven, release blocked, paid late, partly paid, paid on an ended order)",
    (s) => s.exceptionsOpen,
  );
  if (!opts.rail) return;
  gauge(
    "checkout_rail_releases_blocked",
    "Live orders whose payment is proven and whose release the chain refuses for now (a paused orchestrator, a lifecycle hook): kept and retried",
    (s) => s.releasesBlocked,
  );
  new client.Gauge({
    name: "checkout_rail_chain_txs",
    help: "The real rail's transactions by kind (signal, fulfill, cancel, noop) and state (signed, sent, mined, confirmed, reverted, replaced, dropped)",
    labelNames: ["kind", "status"] as const,
    registers,
    async collect() {
      const counts = new Map((await snapshot()).chainTxs.map((t) => [`${t.kind} ${t.status}`, t.n]));
      // every known kind and state, at zero when there is none: a bounded set, always present
      for (const kind of TX_KINDS) for (const status of TX_STATES) this.set({ kind, status }, counts.get(`${kind} ${status}`) ?? 0);
    },
  });
  gauge(
    "checkout_rail_confirmations_awaited",
    "The real rail's mined transactions waiting for ZKP2P_CONFIRMATIONS",
    (s) => s.awaitingConfirmations,
  );
  gauge("checkout_rail_wallets", "Taker wallets of the real rail", (s) => s.wallets);
  gauge("checkout_rail_wallets_busy", "Taker wallets holding an order's intent", (s) => s.busyWallets);
  gauge(
    "checkout_rail_orders_waiting_for_wallet",
    "Live orders whose signal waits for a free taker wallet (every wallet fitting them holds an intent)",
    (s) => s.waitingForWallet,
  );
  gauge(
    "checkout_rail_oldest_unconfirmed_tx_seconds",
    "How long the oldest rail transaction signed or sent and not yet mined has been waiting (0: none)",
    (s) => s.oldestUnconfirmedSeconds,
  );
}
