import { createPublicClient, type Hex, http, keccak256 } from "viem";
import { RAIL_CONTRACTS, type RailContract } from "@/lib/core/config/zkp2p-networks";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";
import { signerProblems } from "./signer";

export type ContractCheck = { contract: RailContract; address: string; codeHash: Hex | null; expected: Hex | null; ok: boolean };
export type PreflightReport = { chainId: number; contracts: ContractCheck[]; problems: string[] };

/**
 * What the real rail checks before it moves money: the RPC answers for the network's chain, the
 * code at each rail contract's address is the code the package (or ZKP2P_CODE_HASHES) names, and a
 * remote signer answers and holds every taker wallet. A contract without a known hash must at least
 * have code. Fails closed: any problem is reported, and
 * the server does not start with it (instrumentation-node.ts).
 */
export async function preflightLiveRail(settings: LiveRailSettings, { timeoutMs = 10_000 } = {}): Promise<PreflightReport> {
  const client = createPublicClient({ transport: http(settings.rpcUrl, { timeout: timeoutMs, retryCount: 1 }) });
  const problems: string[] = [];
  let chainId = 0;
  try {
    chainId = await client.getChainId();
  } catch (err) {
    return { chainId, contracts: [], problems: [`ZKP2P_RPC_URL does not answer: ${shortError(err)}`] };
  }
  if (chainId !== settings.network.chainId) {
    problems.push(`ZKP2P_RPC_URL serves chain ${chainId}, but ${settings.network.name} is chain ${settings.network.chainId}`);
  }
  const contracts = await Promise.all(
    RAIL_CONTRACTS.map(async (contract): Promise<ContractCheck> => {
      const address = settings.network.addresses[contract];
      const expected = settings.codeHashes[contract]?.toLowerCase() as Hex | undefined;
      let code: Hex | undefined;
      try {
        code = await client.getCode({ address });
      } catch (err) {
        problems.push(`${contract} at ${address}: its code cannot be read (${shortError(err)})`);
        return { contract, address, codeHash: null, expected: expected ?? null, ok: false };
      }
      if (!code || code === "0x") {
        problems.push(`${contract} at ${address}: no contract there`);
        return { contract, address, codeHash: null, expected: expected ?? null, ok: false };
      }
      const codeHash = keccak256(code);
      const ok = !expected || codeHash === expected;
      if (!ok) problems.push(`${contract} at ${address}: code hash ${codeHash} is not the expected ${expected}`);
      return { contract, address, codeHash, expected: expected ?? null, ok };
    }),
  );
  problems.push(...(await signerProblems(settings)));
  return { chainId, contracts, problems };
}

function shortError(err: unknown): string {
  const e = err as { shortMessage?: string; message?: string };
  return (e.shortMessage ?? e.message ?? String(err)).split("\n")[0]!.slice(0, 200);
}
