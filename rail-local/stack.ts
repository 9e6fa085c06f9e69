import { type Address, getAddress, type Hex, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { startAttestation } from "./attestation";
import {
  type Anvil,
  installStandIns,
  type LocalRail,
  signGatingSignature,
  signPaymentAttestation,
  type StandInFees,
  startAnvil,
} from "./chain";
import { startCurator } from "./curator";
import { startRpcProxy } from "./rpc-proxy";

// Everything the real rail talks to, on loopback: anvil (chain 8453) with our stand-in contracts at
// the production addresses, a JSON-RPC proxy in front of it (the node's faults), and the stand-ins
// for curator and the attestation service. Used by
// `npm run rail:local` and by the real-rail tests.
//
// With `signer: "remote"` the taker wallets' keys are not handed to the service: a second anvil
// (not the chain's node) holds them as its own unlocked accounts and signs over JSON-RPC
// eth_signTransaction, as Web3Signer does in production; the service gets ZKP2P_SIGNER_URL and
// ZKP2P_TAKER_ADDRESSES.

/** The remote signer's wallets: the first accounts of this phrase (a test phrase: nothing else uses it). */
export const SIGNER_MNEMONIC = "someone lend amazing cherry baby antique dream wrist dumb rabbit protect quiz";

export type RailStack = {
  rail: LocalRail;
  /** anvil itself, for tests driving the chain (mining, reorgs); the service talks to rpcProxy */
  rpcUrl: string;
  rpcProxy: Awaited<ReturnType<typeof startRpcProxy>>;
  /** the taker wallets the service signs from: the derived keys' addresses, or the remote signer's accounts */
  takerAddresses: Address[];
  /** the remote signer (signer: "remote"), or null when the service holds the keys */
  signer: { url: string } | null;
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
    /** "remote": the taker wallets sign through a remote signer, and the service is given no key */
    signer?: "keys" | "remote";
    signerPort?: number;
  } = {},
) {
  const anvil = await startAnvil({ port: opts.anvilPort, blockTime: opts.blockTime });
  let signer: Anvil | undefined;
  try {
    const rail = await installStandIns(anvil.rpcUrl, { fees: opts.fees });
    let takerAddresses = rail.takerKeys.map((k) => privateKeyToAccount(k).address);
    if (opts.signer === "remote") {
      signer = await startAnvil({ port: opts.signerPort, accounts: rail.takerKeys.length, mnemonic: SIGNER_MNEMONIC });
      const accounts = (await rpcCall(signer.rpcUrl, "eth_accounts")) as string[];
      takerAddresses = accounts.map((a) => getAddress(a));
      for (const a of takerAddresses)
        await rail.client.request({ method: "anvil_setBalance" as never, params: [a, toHex(10n ** 19n)] as never });
    }
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
      ...(signer
        ? { ZKP2P_SIGNER_URL: signer.rpcUrl, ZKP2P_TAKER_ADDRESSES: takerAddresses.join(",") }
        : { ZKP2P_TAKER_KEYS: rail.takerKeys.join(",") }),
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
      takerAddresses,
      signer: signer ? { url: signer.rpcUrl } : null,
      curator,
      attestation,
      settings,
      stop: async () => {
        await Promise.allSettled([curator.close(), attestation.close(), rpcProxy.close()]);
        await Promise.allSettled([anvil.stop(), signer?.stop()]);
      },
    } satisfies RailStack;
  } catch (err) {
    await Promise.allSettled([anvil.stop(), signer?.stop()]);
    throw err;
  }
}

async function rpcCall(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

export type { Hex };
