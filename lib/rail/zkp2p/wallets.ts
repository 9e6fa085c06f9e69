import { eq, inArray, sql } from "drizzle-orm";
import { type Address, formatEther } from "viem";
import type { Db } from "@/db/client";
import { takerWallets } from "@/db/schema";
import { logger } from "@/lib/logger";
import { metrics } from "@/lib/metrics";
import { liveRail } from "../index";
import { RailChain } from "./chain";
import type { LiveRailSettings } from "@/lib/config/live-rail";

// The taker wallets: the deployment's shared capacity. Each holds at most one open intent; an order
// takes a free one for its signal and gives it back once its intent is released or gone.

/** The wallets of the settings, present in the table (free) if they were not. */
async function ensureWallets(db: Db, settings: LiveRailSettings) {
  await db
    .insert(takerWallets)
    .values(settings.takerKeys.addresses.map((address) => ({ address: address.toLowerCase() })))
    .onConflictDoNothing();
}

/** Takes a free wallet for the order (the one it holds already, if it holds one), or null: the order waits. */
export async function takeWallet(db: Db, settings: LiveRailSettings, orderId: string): Promise<Address | null> {
  await ensureWallets(db, settings);
  const held = await db.select({ address: takerWallets.address }).from(takerWallets).where(eq(takerWallets.orderId, orderId));
  if (held[0]) return held[0].address as Address;
  const known = settings.takerKeys.addresses.map((a) => a.toLowerCase());
  const rows = await db.execute<{ address: string }>(sql`
    update ${takerWallets} set order_id = ${orderId}, updated_at = now()
    where address = (
      select address from ${takerWallets}
      where order_id is null and address in (${sql.join(
        known.map((a) => sql`${a}`),
        sql`, `,
      )})
      order by updated_at limit 1 for update skip locked
    )
    returning address`);
  const address = (Array.isArray(rows) ? rows : (rows as { rows: { address: string }[] }).rows)[0]?.address;
  return (address as Address | undefined) ?? null;
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
export async function walletReport(db: Db) {
  const rail = liveRail();
  if (!rail) return null;
  await ensureWallets(db, rail.settings);
  const chain = new RailChain(rail.settings);
  const rows = await db
    .select()
    .from(takerWallets)
    .where(
      inArray(
        takerWallets.address,
        rail.settings.takerKeys.addresses.map((a) => a.toLowerCase()),
      ),
    );
  return Promise.all(
    rows.map(async (w) => {
      const [balance, nonce] = await Promise.all([
        chain.client.getBalance({ address: w.address as Address }),
        chain.pendingNonce(w.address as Address),
      ]);
      return { address: w.address, balanceWei: balance, low: balance < rail.settings.minWalletWei, nonce, orderId: w.orderId };
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
