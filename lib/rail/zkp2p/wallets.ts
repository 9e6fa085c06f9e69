import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { type Address, formatEther, type Hex } from "viem";
import type { Db } from "@/db/client";
import { takerWallets } from "@/db/schema";
import { logger } from "@/lib/core/logger";
import { metrics } from "@/lib/metrics";
import { usdcFromMicro } from "@/lib/core/money";
import { RailChain } from "./chain";
import type { GroupMembership } from "./groups";
import type { TakerTiers } from "./tiers";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";

// The taker wallets: the deployment's shared capacity. Each holds at most one open intent; an order
// takes a free one for its signal and gives it back once its intent is released or gone.

/** The wallets of the settings, present in the table (free) if they were not. */
async function ensureWallets(db: Db, settings: LiveRailSettings) {
  await db
    .insert(takerWallets)
    .values(settings.takerKeys.addresses.map((address) => ({ address: address.toLowerCase() })))
    .onConflictDoNothing();
}

/**
 * Takes a free wallet for the order (the one it holds already, if it holds one), or null: the order
 * waits. Only a wallet `fits` accepts is taken (its tier's cap and cooldown for the order), the one
 * the order was quoted as first.
 */
export async function takeWallet(
  db: Db,
  settings: LiveRailSettings,
  orderId: string,
  opts: { prefer?: string; fits?: (wallet: Address) => Promise<boolean> } = {},
): Promise<Address | null> {
  await ensureWallets(db, settings);
  const held = await db.select({ address: takerWallets.address }).from(takerWallets).where(eq(takerWallets.orderId, orderId));
  if (held[0]) return held[0].address as Address;
  const known = settings.takerKeys.addresses.map((a) => a.toLowerCase());
  const free = await db
    .select({ address: takerWallets.address })
    .from(takerWallets)
    .where(and(isNull(takerWallets.orderId), inArray(takerWallets.address, known)))
    .orderBy(asc(takerWallets.updatedAt));
  const prefer = opts.prefer?.toLowerCase();
  const order = [...free.filter((w) => w.address === prefer), ...free.filter((w) => w.address !== prefer)];
  for (const { address } of order) {
    if (opts.fits && !(await opts.fits(address as Address))) continue;
    // taken only if still free: another process may have taken it since it was read
    const [taken] = await db
      .update(takerWallets)
      .set({ orderId, updatedAt: new Date() })
      .where(and(eq(takerWallets.address, address), isNull(takerWallets.orderId)))
      .returning({ address: takerWallets.address });
    if (taken) return taken.address as Address;
  }
  return null;
}

/** What choosing a wallet for a platform and amount found: the wallet to quote as, or why none can take it. */
export type WalletChoice = { wallet: Address; cap: bigint } | { wallet: null; why: Unavailability };

/**
 * Why no wallet can take a platform's order: gated to other takers, locked for ours, capped below the
 * amount (`usdc`: the most one payment may be), or cooling down (until `utc`, "HH:MM"). The payer's
 * page says it in the payer's language (lib/checkout/service.ts); unavailableText is the English.
 */
export type Unavailability =
  { kind: "other-takers" } | { kind: "not-yet" } | { kind: "up-to"; usdc: string } | { kind: "after"; utc: string };

/** An Unavailability in English: "up to $150.00 per payment here". */
export function unavailableText(u: Unavailability): string {
  switch (u.kind) {
    case "other-takers":
      return "offered only to other takers";
    case "not-yet":
      return "not available for payments here yet";
    case "up-to":
      return `up to $${u.usdc} per payment here`;
    case "after":
      return `available again after ${u.utc} UTC`;
  }
}

/** What decides which wallet may take an order: its tier (curator) and its address groups (the chain). */
export type Standings = { tiers: TakerTiers; groups: GroupMembership };

/** Whether a wallet may take an order now: in one of a gated deposit's groups, its tier's cap and cooldown fitting. */
export async function walletFits(s: Standings, wallet: Address, platform: string, amountMicro: bigint, groups: readonly Hex[] = []) {
  if (!(await s.groups.inAny(groups, wallet))) return false;
  const standing = await s.tiers.standing(wallet);
  return standing.capFor(platform) >= amountMicro && !standing.availableAt(platform);
}

/**
 * The wallet an order on `platform` for `amountMicro` would signal from: a free one first, by tier (its
 * cap and cooldown on the platform), in one of `groups` for a gated deposit; a busy one if only busy
 * ones fit (the order then waits its turn). None fits: why, in the payer's words (the platform is
 * locked, capped below the amount, cooling, or gated to other takers).
 */
export async function chooseWallet(
  db: Db,
  settings: LiveRailSettings,
  s: Standings,
  platform: string,
  amountMicro: bigint,
  groups: readonly Hex[] = [],
): Promise<WalletChoice> {
  await ensureWallets(db, settings);
  const known = settings.takerKeys.addresses.map((a) => a.toLowerCase());
  const rows = await db
    .select({ address: takerWallets.address, orderId: takerWallets.orderId })
    .from(takerWallets)
    .where(inArray(takerWallets.address, known))
    .orderBy(asc(takerWallets.updatedAt));
  const ordered = [...rows.filter((r) => r.orderId === null), ...rows.filter((r) => r.orderId !== null)];
  let bestCap = 0n;
  let soonest: Date | null = null;
  for (const { address } of ordered) {
    if (!(await s.groups.inAny(groups, address as Address))) continue;
    const standing = await s.tiers.standing(address as Address);
    const cap = standing.capFor(platform);
    if (cap > bestCap) bestCap = cap;
    if (cap < amountMicro) continue;
    const at = standing.availableAt(platform);
    if (at) {
      if (!soonest || at < soonest) soonest = at;
      continue;
    }
    return { wallet: address as Address, cap };
  }
  if (groups.length && bestCap === 0n) return { wallet: null, why: { kind: "other-takers" } };
  if (bestCap === 0n) return { wallet: null, why: { kind: "not-yet" } };
  if (bestCap < amountMicro) return { wallet: null, why: { kind: "up-to", usdc: usdcFromMicro(bestCap) } };
  return { wallet: null, why: { kind: "after", utc: soonest!.toISOString().slice(11, 16) } };
}

export async function releaseWallet(db: Db, orderId: string) {
  await db.update(takerWallets).set({ orderId: null, updatedAt: new Date() }).where(eq(takerWallets.orderId, orderId));
}

/** Sets a wallet aside: the chain says it holds an intent that is not ours to know (`held:<intent>`). */
export async function setWalletAside(db: Db, wallet: Address, intentHash: string) {
  await db
    .update(takerWallets)
    .set({ orderId: `held:${intentHash}` })
    .where(eq(takerWallets.address, wallet.toLowerCase()));
}

/** What `npm run admin -- wallets` shows: each taker wallet, its balance, nonce and order. */
export async function walletReport(db: Db, settings: LiveRailSettings) {
  await ensureWallets(db, settings);
  const chain = new RailChain(settings);
  const rows = await db
    .select()
    .from(takerWallets)
    .where(
      inArray(
        takerWallets.address,
        settings.takerKeys.addresses.map((a) => a.toLowerCase()),
      ),
    );
  return Promise.all(
    rows.map(async (w) => {
      const [balance, nonce] = await Promise.all([
        chain.client.getBalance({ address: w.address as Address }),
        chain.pendingNonce(w.address as Address),
      ]);
      return { address: w.address, balanceWei: balance, low: balance < settings.minWalletWei, nonce, orderId: w.orderId };
    }),
  );
}

const WARN_EVERY_MS = 10 * 60_000;
const lastWarned = new Map<string, number>();

/**
 * Logs a warning (at most every ten minutes per wallet) for each taker wallet whose ETH is below
 * ZKP2P_MIN_WALLET_ETH: a wallet without gas cannot signal, release or cancel. Returns the low ones.
 */
export async function warnLowWallets(settings: LiveRailSettings, now = Date.now()): Promise<Address[]> {
  const chain = new RailChain(settings);
  const low: Address[] = [];
  for (const address of settings.takerKeys.addresses) {
    const balance = await chain.client.getBalance({ address });
    metrics().walletBalance(address.toLowerCase(), Number(formatEther(balance)), Number(formatEther(settings.minWalletWei)));
    if (balance >= settings.minWalletWei) continue;
    low.push(address);
    if (now - (lastWarned.get(address) ?? -Infinity) < WARN_EVERY_MS) continue;
    lastWarned.set(address, now);
    logger.warn("taker wallet is low on ETH: fund it, or it cannot send the rail's transactions", {
      wallet: address,
      balanceWei: balance.toString(),
      thresholdWei: settings.minWalletWei.toString(),
    });
  }
  return low;
}
