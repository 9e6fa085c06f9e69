import type { Hex } from "viem";
import { startAttestation } from "./attestation";
import { installStandIns, type LocalRail, signGatingSignature, signPaymentAttestation, type StandInFees, startAnvil } from "./chain";
import { startCurator } from "./curator";
import { startRpcProxy } from "./rpc-proxy";

// Everything the real rail talks to, on loopback: anvil (chain 8453) with our stand-in contracts at
// the production addresses, a JSON-RPC proxy in front of it (the node's faults), and the stand-ins
// for curator and the attestation service. Used by
// `npm run rail:local` and by the real-rail tests.

export type RailStack = {
  rail: LocalRail;
  /** anvil itself, for tests driving the chain (mining, reorgs); the service talks to rpcProxy */
  rpcUrl: string;
  rpcProxy: Awaited<ReturnType<typeof startRpcProxy>>;
  curator: Awaited<ReturnType<typeof startCurator>>;
  attestation: Awaited<ReturnType<typeof startAttestation>>;
  /** the service's settings for this stack, as NAME=value pairs */
  settings: Record<string, string>;
  stop(): Promise<void>;
};

export async function startRailStack(
  opts: {
    anvilPort?: number;
    rpcPort?: number;
    curatorPort?: number;
    attestationPort?: number;
    blockTime?: number;
    fees?: Partial<StandInFees>;
  } = {},
) {
  const anvil = await startAnvil({ port: opts.anvilPort, blockTime: opts.blockTime });
  try {
    const rail = await installStandIns(anvil.rpcUrl, { fees: opts.fees });
    const rpcProxy = await startRpcProxy(anvil.rpcUrl, opts.rpcPort);
    const curator = await startCurator(
      {
        chainId: rail.chainId,
        escrow: rail.addresses.escrow,
        orchestrator: rail.addresses.orchestrator,
        usdc: rail.addresses.usdc,
        depositId: rail.depositId,
        liquidity: () => rail.depositLiquidity(),
        intentRange: rail.intentRange,
        payees: rail.payees,
        rates: rail.rates,
        signGating: (intent) => signGatingSignature(rail.gatingKey, intent),
        now: () => rail.chainTime(),
        fees: rail.fees,
        referralRecipient: rail.feeRecipients.referral,
        isMember: (groupId, account) => rail.isGroupMember(groupId, account),
      },
      opts.curatorPort,
    );
    const attestation = await startAttestation({ attest: (input) => signPaymentAttestation(rail, input) }, opts.attestationPort);
    const settings: Record<string, string> = {
      ZKP2P_NETWORK: "base",
      ZKP2P_RPC_URL: rpcProxy.url,
      ZKP2P_API_URL: curator.url,
      ZKP2P_ATTESTATION_URL: attestation.url,
      ZKP2P_TAKER_KEYS: rail.takerKeys.join(","),
      ZKP2P_CONFIRMATIONS: "1",
      // our stand-ins are not ZKP2P's bytecode: the service is told their hashes, and still checks them
      ZKP2P_CODE_HASHES: [
        `OrchestratorV3=${rail.codeHashes.orchestrator}`,
        `EscrowV2=${rail.codeHashes.escrow}`,
        `UnifiedPaymentVerifierV3=${rail.codeHashes.verifier}`,
      ].join(","),
      SUPPORTED_CHAIN_IDS: "8453",
    };
    return {
      rail,
      rpcUrl: anvil.rpcUrl,
      rpcProxy,
      curator,
      attestation,
      settings,
      stop: async () => {
        await Promise.allSettled([curator.close(), attestation.close(), rpcProxy.close()]);
        await anvil.stop();
      },
    } satisfies RailStack;
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}

export type { Hex };
