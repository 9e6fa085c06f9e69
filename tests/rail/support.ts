import { eq } from "drizzle-orm";
import { type Address, createPublicClient, erc20Abi, http } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { resetConfigForTests } from "@/lib/config";
import { advanceOrder, findDueRailSteps } from "@/lib/orders/rail-steps";
import { type RailStack, startRailStack } from "@/rail-local/stack";

/** The local rail, with the service's settings pointing at it (as `npm run rail:local` prints them). */
export async function railUnderTest(): Promise<RailStack & { mining: () => void }> {
  const stack = await startRailStack();
  Object.assign(process.env, stack.settings);
  resetConfigForTests();
  // blocks keep coming, as on Base: a transaction gathers confirmations
  const timer = setInterval(() => void stack.rail.mine(1).catch(() => {}), 200);
  return {
    ...stack,
    mining: () => clearInterval(timer),
    stop: async () => {
      clearInterval(timer);
      for (const k of Object.keys(stack.settings)) delete process.env[k];
      resetConfigForTests();
      await stack.stop();
    },
  };
}

/** A fresh payout address of a merchant. */
export const newWallet = (): Address => privateKeyToAddress(generatePrivateKey());

export async function usdcBalance(stack: RailStack, owner: Address): Promise<bigint> {
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  return client.readContract({ address: stack.rail.addresses.usdc, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
}

/** Runs the due rail steps (as the dispatcher does) until the order reaches a status, or fails. */
export async function driveUntil(db: Db, orderId: string, statuses: string[], timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    for (const id of await findDueRailSteps(db)) await advanceOrder(db, id);
    const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (o && statuses.includes(o.status)) return o;
    if (Date.now() > until)
      throw new Error(`order ${orderId} is ${o?.status} (${o?.failureReason ?? "no failure"}), not ${statuses.join("|")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
