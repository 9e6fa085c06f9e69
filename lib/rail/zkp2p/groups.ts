import { type Address, type Hex, parseAbi } from "viem";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";
import { RailChain } from "./chain";

// Gated deposits: some makers accept only takers in an address group (a quote's whitelistEnabled and
// allowedGroupIds), kept on-chain in AddressGroupRegistry (`isMember(groupId, account)`). A gated quote
// is one of ours only through a wallet in one of its groups, and its signal must come from such a wallet.

const REGISTRY_ABI = parseAbi(["function isMember(bytes32 groupId, address account) view returns (bool)"]);
const CACHE_MS = 5 * 60_000;

export class GroupMembership {
  private readonly cache = new Map<string, { until: number; member: Promise<boolean> }>();

  constructor(readonly settings: LiveRailSettings) {}

  /** Whether a wallet is in any of the groups (none given: any wallet is). */
  async inAny(groups: readonly Hex[], wallet: Address): Promise<boolean> {
    if (groups.length === 0) return true;
    for (const g of groups) if (await this.isMember(g, wallet)) return true;
    return false;
  }

  /** Reads every membership again next time. */
  clear() {
    this.cache.clear();
  }

  private isMember(groupId: Hex, wallet: Address): Promise<boolean> {
    const registry = this.settings.network.groupRegistry;
    if (!registry) return Promise.resolve(false);
    const key = `${groupId}:${wallet.toLowerCase()}`;
    const hit = this.cache.get(key);
    if (hit && hit.until > Date.now()) return hit.member;
    const member = new RailChain(this.settings).client.readContract({
      address: registry,
      abi: REGISTRY_ABI,
      functionName: "isMember",
      args: [groupId, wallet],
    });
    this.cache.set(key, { until: Date.now() + CACHE_MS, member });
    member.catch(() => this.cache.delete(key));
    return member;
  }
}
