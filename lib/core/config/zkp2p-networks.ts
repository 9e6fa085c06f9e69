import baseAddresses from "@zkp2p/contracts-v2/addresses/base.json" with { type: "json" };
import stagingAddresses from "@zkp2p/contracts-v2/addresses/baseStaging.json" with { type: "json" };
import baseConstants from "@zkp2p/contracts-v2/constants/base.json" with { type: "json" };
import stagingConstants from "@zkp2p/contracts-v2/constants/baseStaging.json" with { type: "json" };
import baseStack from "@zkp2p/contracts-v2/disputeStack/base.json" with { type: "json" };
import stagingStack from "@zkp2p/contracts-v2/disputeStack/baseStaging.json" with { type: "json" };
import baseMethods from "@zkp2p/contracts-v2/paymentMethods/base.json" with { type: "json" };
import stagingMethods from "@zkp2p/contracts-v2/paymentMethods/baseStaging.json" with { type: "json" };
import type { Address, Hex } from "viem";

// The ZKP2P deployments the real rail can use, as `@zkp2p/contracts-v2` publishes them (the version is
// pinned in package.json: a bump that moves a contract is a reviewed change). Nothing here is typed in
// by hand: addresses, USDC and the runtime code hashes all come from the package.

export const ZKP2P_NETWORKS = ["base", "baseStaging"] as const;
export type Zkp2pNetworkName = (typeof ZKP2P_NETWORKS)[number];

/** The contracts the rail calls, and whose code it checks before it moves money. */
export const RAIL_CONTRACTS = ["OrchestratorV3", "EscrowV2", "UnifiedPaymentVerifierV3"] as const;
export type RailContract = (typeof RAIL_CONTRACTS)[number];

export type Zkp2pNetwork = {
  name: Zkp2pNetworkName;
  chainId: number;
  usdc: Address;
  addresses: Record<RailContract, Address>;
  /** keccak256 of each contract's runtime code, where the package publishes one */
  publishedCodeHashes: Partial<Record<RailContract, Hex>>;
  /** the payment methods of the catalog: each one's hash and the currency hashes it takes */
  paymentMethods: Record<string, { hash: Hex; currencies: Hex[] }>;
  /** AddressGroupRegistry: which takers a gated deposit accepts (null where the package names none) */
  groupRegistry: Address | null;
};

type Published = {
  addresses: { chainId: number; contracts: Record<string, string> };
  constants: { USDC: string };
  stack: { runtimeIdentities: Record<string, { address: string; runtimeCodeHash: string }> };
  methods: { methods: Record<string, { paymentMethodHash: string; currencies: string[] }> };
};

function network(name: Zkp2pNetworkName, p: Published): Zkp2pNetwork {
  const addresses = {} as Record<RailContract, Address>;
  const publishedCodeHashes: Partial<Record<RailContract, Hex>> = {};
  for (const c of RAIL_CONTRACTS) {
    const address = p.addresses.contracts[c];
    if (!address) throw new Error(`@zkp2p/contracts-v2 names no ${c} on ${name}`);
    addresses[c] = address as Address;
    const identity = p.stack.runtimeIdentities[c];
    // a hash is only taken for the address it was published for
    if (identity && identity.address.toLowerCase() === address.toLowerCase()) publishedCodeHashes[c] = identity.runtimeCodeHash as Hex;
  }
  const paymentMethods: Zkp2pNetwork["paymentMethods"] = {};
  for (const [method, m] of Object.entries(p.methods.methods)) {
    paymentMethods[method] = { hash: m.paymentMethodHash as Hex, currencies: m.currencies as Hex[] };
  }
  const groupRegistry = (p.addresses.contracts.AddressGroupRegistry as Address | undefined) ?? null;
  return {
    name,
    chainId: p.addresses.chainId,
    usdc: p.constants.USDC as Address,
    addresses,
    publishedCodeHashes,
    paymentMethods,
    groupRegistry,
  };
}

export const NETWORKS: Record<Zkp2pNetworkName, Zkp2pNetwork> = {
  base: network("base", { addresses: baseAddresses, constants: baseConstants, stack: baseStack, methods: baseMethods }),
  baseStaging: network("baseStaging", {
    addresses: stagingAddresses,
    constants: stagingConstants,
    stack: stagingStack,
    methods: stagingMethods,
  }),
};
