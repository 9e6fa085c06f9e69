import { type Address, createWalletClient, type Hex, http } from "viem";
import { loadSdk } from "./services";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";

// Calldata for the rail's transactions, built by `@zkp2p/sdk`'s own `.prepare()` (its catalogs,
// encodings and attribution suffix), for us to sign and send. The SDK is given the wallet's address
// only, never its key: it prepares, it does not send.

type Client = InstanceType<Awaited<ReturnType<typeof loadSdk>>["Zkp2pClient"]>;
const clients = new Map<string, Promise<Client>>();

function clientFor(settings: LiveRailSettings, wallet: Address): Promise<Client> {
  const key = `${settings.rpcUrl}|${wallet.toLowerCase()}`;
  let c = clients.get(key);
  if (!c) {
    c = loadSdk().then(
      ({ Zkp2pClient }) =>
        new Zkp2pClient({
          walletClient: createWalletClient({ account: wallet, transport: http(settings.rpcUrl) }),
          chainId: settings.network.chainId,
          rpcUrl: settings.rpcUrl,
          runtimeEnv: settings.network.name === "baseStaging" ? "staging" : "production",
        }),
    );
    clients.set(key, c);
  }
  return c;
}

export type SignalCall = {
  depositId: bigint;
  amount: bigint;
  to: Address;
  processorName: string;
  payeeDetails: Hex;
  fiatCurrencyCode: string;
  conversionRate: bigint;
  gatingServiceSignature: Hex;
  signatureExpiration: bigint;
  preIntentHookData: Hex;
  referralFees: { recipient: Address; fee: bigint }[];
};

export async function signalCalldata(settings: LiveRailSettings, wallet: Address, s: SignalCall): Promise<{ to: Address; data: Hex }> {
  const client = await clientFor(settings, wallet);
  const prepared = await client.signalIntent.prepare({
    depositId: s.depositId,
    amount: s.amount,
    toAddress: s.to,
    processorName: s.processorName,
    payeeDetails: s.payeeDetails,
    fiatCurrencyCode: s.fiatCurrencyCode,
    conversionRate: s.conversionRate,
    escrowAddress: settings.network.addresses.EscrowV2,
    orchestratorAddress: settings.network.addresses.OrchestratorV3,
    gatingServiceSignature: s.gatingServiceSignature,
    signatureExpiration: s.signatureExpiration,
    preIntentHookData: s.preIntentHookData,
    ...(s.referralFees.length ? { referralFees: s.referralFees } : {}),
  } as never);
  return { to: prepared.to as Address, data: prepared.data as Hex };
}

export async function fulfilCalldata(
  settings: LiveRailSettings,
  wallet: Address,
  f: { intentHash: Hex; paymentProof: Hex; verificationData: Hex },
): Promise<{ to: Address; data: Hex }> {
  const client = await clientFor(settings, wallet);
  const prepared = await client.fulfillIntent.prepare({
    intentHash: f.intentHash,
    orchestratorAddress: settings.network.addresses.OrchestratorV3,
    precomputedAttestation: { paymentProof: f.paymentProof, verificationData: f.verificationData },
  } as never);
  return { to: prepared.to as Address, data: prepared.data as Hex };
}

export async function cancelCalldata(settings: LiveRailSettings, wallet: Address, intentHash: Hex): Promise<{ to: Address; data: Hex }> {
  const client = await clientFor(settings, wallet);
  const prepared = await client.cancelIntent.prepare({
    intentHash,
    orchestratorAddress: settings.network.addresses.OrchestratorV3,
  } as never);
  return { to: prepared.to as Address, data: prepared.data as Hex };
}
