import chainlinkFeeds from "@zkp2p/contracts-v2/oracleFeeds/chainlink.json" with { type: "json" };
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { createRequire } from "node:module";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodePacked,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { base } from "viem/chains";
import { type GatedIntent, nameHash } from "./curator";
import type { IntentSnapshot, PaymentDetails, SignedAttestation } from "./attestation";
import { compileStandIns } from "./compile";

// The local chain of the real rail: anvil with chain id 8453, our stand-in contracts (rail-local/
// standins) placed at ZKP2P's production addresses, USDC at its real address, one maker deposit with
// liquidity, and funded taker wallets. Keys are derived from fixed labels: this chain is for tests.

const ROOT = path.join(import.meta.dirname, "..");
// JSON through require: this module also runs under test runners whose ESM loaders want import attributes
const require = createRequire(import.meta.url);
const baseAddresses = require("@zkp2p/contracts-v2/addresses/base.json") as { contracts: Record<string, string> };
const baseConstants = require("@zkp2p/contracts-v2/constants/base.json") as { USDC: string };
const catalog = (require("@zkp2p/contracts-v2/paymentMethods/base.json") as { methods: Record<string, { paymentMethodHash: string }> })
  .methods;

const key = (label: string): Hex => keccak256(toHex(`rail-local:${label}`));

export const ADDRESSES = {
  usdc: baseConstants.USDC as Address,
  escrow: baseAddresses.contracts.EscrowV2 as Address,
  orchestrator: baseAddresses.contracts.OrchestratorV3 as Address,
  verifier: baseAddresses.contracts.UnifiedPaymentVerifierV3 as Address,
  groups: baseAddresses.contracts.AddressGroupRegistry as Address,
  lifecycleHook: baseAddresses.contracts.IntentLifecycleHookV1 as Address,
};

/** The maker's payee handle on each platform the deposit takes (keccak256 of it is payeeDetails). */
export const PAYEES: Record<string, string> = {
  venmo: "@local-maker",
  revolut: "@localmaker",
  wise: "@localmaker",
  cashapp: "$localmaker",
  zelle: "local-maker@example.com",
  paypal: "local-maker@example.com",
  monzo: "monzo.me/localmaker",
  chime: "$local-maker",
};

const E18 = 10n ** 18n;
/** fiat per USDC, 18 decimals: what the deposit asks (above its minimum) */
export const RATES: Record<string, bigint> = { USD: (102n * E18) / 100n, EUR: (95n * E18) / 100n, GBP: (82n * E18) / 100n };
/**
 * The market's mid rate, fiat per USDC with 18 decimals, as the feed stand-ins publish it (USD is 1 by
 * definition, as the SDK has it): the deposit asks a few percent above it.
 */
export const MID_RATES: Record<string, bigint> = { USD: E18, EUR: (93n * E18) / 100n, GBP: (80n * E18) / 100n };
/** Chainlink's feeds on Base, by currency, as `@zkp2p/contracts-v2` publishes them (XXX/USD, 8 decimals). */
export const FEEDS: Record<string, { feed: Address; decimals: number }> = Object.fromEntries(
  chainlinkFeeds.feeds.map((f) => [f.pair.split("/")[0]!, { feed: f.feed as Address, decimals: f.decimals }]),
);
/** A feed's answer for a mid rate: USD per unit of the currency, in the feed's decimals. */
export const feedAnswerFor = (mid18: bigint, decimals = 8) => (10n ** BigInt(decimals) * E18) / mid18;

const MIN_RATES: Record<string, bigint> = { USD: E18 / 2n, EUR: E18 / 2n, GBP: E18 / 2n };

export type Anvil = { rpcUrl: string; process: ChildProcess; stop(): Promise<void> };

/** Starts anvil on loopback (chain id 8453) and waits until it answers. */
export async function startAnvil(opts: { port?: number; blockTime?: number; accounts?: number; mnemonic?: string } = {}): Promise<Anvil> {
  // Port 0 unless one is asked for: anvil takes a free port itself and says which ("Listening on
  // 127.0.0.1:<port>"). A port found free beforehand could be taken by another test's anvil before this
  // one bound it; this one would then exit while the other's answered at that address, with the same
  // chain id, and the test would run on a chain that is not its own.
  const args = ["--chain-id", "8453", "--host", "127.0.0.1", "--port", String(opts.port ?? 0), "--accounts", String(opts.accounts ?? 1)];
  if (opts.blockTime) args.push("--block-time", String(opts.blockTime));
  if (opts.mnemonic) args.push("--mnemonic", opts.mnemonic);
  const child = spawn(path.join(ROOT, "node_modules/.bin/anvil"), args, { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr += String(d)));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`anvil did not say where it listens within 20 s: ${stderr.slice(0, 500)}`));
    }, 20_000);
    const onData = (d: Buffer) => {
      out += String(d);
      const listening = /Listening on 127\.0\.0\.1:(\d+)/.exec(out);
      if (!listening) return;
      clearTimeout(timer);
      // the rest (its banner's end, a line per request) is read and dropped, so the pipe never fills
      child.stdout!.off("data", onData);
      child.stdout!.resume();
      resolve(Number(listening[1]));
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited (${code}): ${stderr.slice(0, 500)}`));
    });
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) });
  const until = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr.slice(0, 500)}`);
    try {
      if ((await client.getChainId()) === 8453) break;
    } catch {
      // not up yet
    }
    if (Date.now() > until) {
      child.kill("SIGKILL");
      throw new Error(`anvil did not answer on ${rpcUrl}: ${stderr.slice(0, 500)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    rpcUrl,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 2_000).unref();
      }),
  };
}

export type LocalRail = Awaited<ReturnType<typeof installStandIns>>;

/** The fees of the local chain, 1e18 = 100%: protocol (protocolFee()), the deposit's manager fee, the curator's referral fee. */
export type StandInFees = { protocol: bigint; manager: bigint; referral: bigint };
/** 0.5 %, 1 % and 0.25 %: small, as on Base, but never zero, so every payment here shows its fees. */
export const DEFAULT_FEES: StandInFees = { protocol: 5n * 10n ** 15n, manager: 10n ** 16n, referral: 25n * 10n ** 14n };
/** What a release of `gross` leaves the recipient: V3 takes each fee on the gross, rounded down. */
export function netAfterFees(gross: bigint, fees: StandInFees = DEFAULT_FEES): bigint {
  const fee = (rate: bigint) => (gross * rate) / 10n ** 18n;
  return gross - fee(fees.protocol) - fee(fees.manager) - fee(fees.referral);
}

export const FEE_RECIPIENTS = {
  protocol: "0x00000000000000000000000000000000000fee01",
  manager: "0x00000000000000000000000000000000000fee02",
  referral: "0x00000000000000000000000000000000000fee03",
} as const satisfies Record<string, Address>;

/** Places and sets up the stand-ins at the production addresses, with a maker deposit and taker wallets. */
export async function installStandIns(
  rpcUrl: string,
  opts: { takers?: number; liquidityUsdc?: bigint; allowMultipleIntents?: boolean; fees?: Partial<StandInFees> } = {},
) {
  const compiled = compileStandIns();
  const client = createPublicClient({ transport: http(rpcUrl) }) as PublicClient;
  const rpc = (method: string, params: unknown[]) => client.request({ method: method as never, params: params as never });

  const maker = privateKeyToAccount(key("maker"));
  const gating = privateKeyToAccount(key("gating"));
  const witness = privateKeyToAccount(key("witness"));
  const takerKeys = Array.from({ length: opts.takers ?? 3 }, (_, i) => key(`taker:${i + 1}`));
  const tenEth = toHex(10n * E18);
  for (const a of [maker.address, ...takerKeys.map((k) => privateKeyToAccount(k).address)]) await rpc("anvil_setBalance", [a, tenEth]);

  const placed = [
    [ADDRESSES.usdc, "StandInUSDC"],
    [ADDRESSES.escrow, "StandInEscrow"],
    [ADDRESSES.orchestrator, "StandInOrchestrator"],
    [ADDRESSES.verifier, "StandInVerifier"],
  ] as const;
  for (const [address, name] of placed) await rpc("anvil_setCode", [address, compiled[name].deployedBytecode]);
  // the price feeds of the currencies the deposit takes, at Chainlink's addresses on Base
  const feedCurrencies = Object.keys(MID_RATES).filter((c) => FEEDS[c]);
  for (const c of feedCurrencies) await rpc("anvil_setCode", [FEEDS[c]!.feed, compiled.StandInPriceFeed.deployedBytecode]);
  await rpc("anvil_setCode", [ADDRESSES.groups, compiled.StandInAddressGroupRegistry.deployedBytecode]);
  await rpc("anvil_setCode", [ADDRESSES.lifecycleHook, compiled.StandInLifecycleHook.deployedBytecode]);

  const wallet = createWalletClient({ account: maker, transport: http(rpcUrl), chain: base });
  const send = async (
    address: Address,
    name: (typeof placed)[number][1] | "StandInPriceFeed" | "StandInAddressGroupRegistry" | "StandInLifecycleHook",
    functionName: string,
    args: unknown[],
  ) => {
    const hash = await wallet.writeContract({ address, abi: compiled[name].abi, functionName, args } as never);
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== "success") throw new Error(`${name}.${functionName} reverted`);
  };
  const period = 6n * 3600n; // Base's intentExpirationPeriod (constants/base.json)
  await send(ADDRESSES.escrow, "StandInEscrow", "init", [ADDRESSES.orchestrator, ADDRESSES.usdc, period]);
  await send(ADDRESSES.orchestrator, "StandInOrchestrator", "init", [
    ADDRESSES.escrow,
    ADDRESSES.verifier,
    ADDRESSES.usdc,
    opts.allowMultipleIntents ?? false,
  ]);
  await send(ADDRESSES.verifier, "StandInVerifier", "init", [witness.address, ADDRESSES.orchestrator]);
  // as on Base, every intent is signalled with the global lifecycle hook snapshotted
  await send(ADDRESSES.orchestrator, "StandInOrchestrator", "setLifecycleHook", [ADDRESSES.lifecycleHook]);

  const liquidity = opts.liquidityUsdc ?? 10_000_000_000n; // 10,000 USDC
  const intentRange = { min: 1_000_000n, max: 5_000_000_000n };
  await send(ADDRESSES.usdc, "StandInUSDC", "mint", [maker.address, liquidity]);
  await send(ADDRESSES.usdc, "StandInUSDC", "approve", [ADDRESSES.escrow, liquidity]);
  const platforms = Object.keys(PAYEES);
  const currencies = Object.keys(RATES);
  await send(ADDRESSES.escrow, "StandInEscrow", "createTestDeposit", [
    liquidity,
    intentRange.min,
    intentRange.max,
    platforms.map((p) => catalog[p]!.paymentMethodHash),
    platforms.map((p) => nameHash(PAYEES[p]!)),
    platforms.map(() => gating.address),
    currencies.map(nameHash),
    currencies.map((c) => MIN_RATES[c]!),
  ]);

  /** Publishes a mid rate on a currency's feed stand-in; `updatedAt` (unix seconds) makes it as old as a test needs. */
  const setMidRate = async (currency: string, mid18: bigint, updatedAt = 0n) => {
    const feed = FEEDS[currency];
    if (!feed) throw new Error(`no Chainlink feed for ${currency}`);
    await send(feed.feed, "StandInPriceFeed", "set", [feed.decimals, feedAnswerFor(mid18, feed.decimals), updatedAt]);
  };
  for (const c of feedCurrencies) await setMidRate(c, MID_RATES[c]!);

  // fees as V3 takes them, non-zero unless a test says otherwise: every payment on this chain pays them
  const fees: StandInFees = { ...DEFAULT_FEES, ...opts.fees };
  await send(ADDRESSES.orchestrator, "StandInOrchestrator", "setProtocolFeeRecipient", [FEE_RECIPIENTS.protocol]);
  await send(ADDRESSES.orchestrator, "StandInOrchestrator", "setProtocolFee", [fees.protocol]);
  await send(ADDRESSES.escrow, "StandInEscrow", "setManagerFee", [1n, FEE_RECIPIENTS.manager, fees.manager]);

  const codeHash = async (address: Address) => keccak256((await client.getCode({ address }))!);
  return {
    chainId: 8453,
    rpcUrl,
    client,
    addresses: ADDRESSES,
    abis: {
      usdc: compiled.StandInUSDC.abi,
      escrow: compiled.StandInEscrow.abi,
      orchestrator: compiled.StandInOrchestrator.abi,
      verifier: compiled.StandInVerifier.abi,
    },
    depositId: 1n,
    intentRange,
    fees,
    feeRecipients: FEE_RECIPIENTS,
    setMidRate,
    /** puts wallets in an address group (a gated deposit's takers) */
    addGroupMembers: (groupId: Hex, accounts: Address[]) =>
      send(ADDRESSES.groups, "StandInAddressGroupRegistry", "addMembers", [groupId, accounts]),
    /** whether a wallet is in a group, as the chain says */
    isGroupMember: async (groupId: Hex, account: Address) =>
      (await client.readContract({
        address: ADDRESSES.groups,
        abi: compiled.StandInAddressGroupRegistry.abi,
        functionName: "isMember",
        args: [groupId, account],
      })) as boolean,
    payees: PAYEES,
    rates: RATES,
    makerKey: key("maker"),
    gatingKey: key("gating"),
    witnessKey: key("witness"),
    takerKeys,
    codeHashes: {
      orchestrator: await codeHash(ADDRESSES.orchestrator),
      escrow: await codeHash(ADDRESSES.escrow),
      verifier: await codeHash(ADDRESSES.verifier),
    },
    depositLiquidity: async () =>
      (await client.readContract({
        address: ADDRESSES.escrow,
        abi: compiled.StandInEscrow.abi,
        functionName: "remainingDeposits",
        args: [1n],
      })) as bigint,
    chainTime: async () => (await client.getBlock()).timestamp,
    /** The orchestrator's owner pauses it (an incident): signals and releases revert until unpaused; cancels do not. */
    pause: () => send(ADDRESSES.orchestrator, "StandInOrchestrator", "pauseOrchestrator", []),
    unpause: () => send(ADDRESSES.orchestrator, "StandInOrchestrator", "unpauseOrchestrator", []),
    /** The orchestrator's owner lets every account hold several intents at once (allowMultipleIntents), or not. */
    setAllowMultipleIntents: (allow: boolean) => send(ADDRESSES.orchestrator, "StandInOrchestrator", "setAllowMultipleIntents", [allow]),
    /** The lifecycle hook refuses to settle releases (a policy's revert) until told otherwise. */
    refuseSettlements: (refuse: boolean) => send(ADDRESSES.lifecycleHook, "StandInLifecycleHook", "setRefusing", [refuse]),
    /** The verifier trusts another witness key: attestations signed before it fail ("UPV: Invalid attestation"). */
    rotateWitness: (to: Address) => send(ADDRESSES.verifier, "StandInVerifier", "rotateWitness", [to]),
    /** The maker's manual release of an intent (releaseFundsToPayer), when the payer paid and no proof works. */
    releaseByMaker: async (intentHash: Hex) => {
      const hash = await wallet.writeContract({
        address: ADDRESSES.orchestrator,
        abi: compiled.StandInOrchestrator.abi,
        functionName: "releaseFundsToPayer",
        args: [intentHash],
      } as never);
      return client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    },
    mine: (blocks = 1) => rpc("anvil_mine", [toHex(blocks)]),
    setAutomine: (on: boolean) => rpc("evm_setAutomine", [on]),
    increaseTime: (seconds: number) => rpc("evm_increaseTime", [toHex(seconds)]),
    snapshot: () => rpc("evm_snapshot", []) as Promise<Hex>,
    revert: (id: Hex) => rpc("evm_revert", [id]),
    dropTransaction: (hash: Hex) => rpc("anvil_dropTransaction", [hash]),
    /** Replaces the newest `depth` blocks with as many empty ones: their transactions are gone. */
    reorg: (depth: number) => rpc("anvil_reorg", [depth, []]),
  };
}

/** The gating service's signature of an intent, as the stand-in orchestrator checks it. */
export async function signGatingSignature(gatingKey: Hex, i: GatedIntent): Promise<Hex> {
  const feesHash = keccak256(
    encodeAbiParameters(
      [{ type: "tuple[]", components: [{ type: "address" }, { type: "uint256" }] }],
      [i.referralFees.map((f) => [f.recipient, f.fee] as const)],
    ),
  );
  const inner = keccak256(
    encodePacked(
      [
        "address",
        "address",
        "uint256",
        "uint256",
        "address",
        "address",
        "bytes32",
        "bytes32",
        "uint256",
        "bytes32",
        "address",
        "bytes32",
        "uint256",
        "uint256",
      ],
      [
        i.orchestrator,
        i.escrow,
        i.depositId,
        i.amount,
        i.caller,
        i.to,
        i.paymentMethod,
        i.fiatCurrency,
        i.conversionRate,
        feesHash,
        i.postIntentHook,
        keccak256(i.data),
        i.signatureExpiration,
        i.chainId,
      ],
    ),
  );
  return privateKeyToAccount(gatingKey).signMessage({ message: { raw: inner } });
}

const ATTESTATION_TYPES = {
  PaymentAttestation: [
    { name: "intentHash", type: "bytes32" },
    { name: "releaseAmount", type: "uint256" },
    { name: "dataHash", type: "bytes32" },
  ],
} as const;

/** The witness's EIP-712 attestation of a payment, as the stand-in verifier checks it. */
export async function signPaymentAttestation(
  rail: Pick<LocalRail, "witnessKey" | "chainId" | "addresses">,
  input: { intentHash: Hex; releaseAmount: bigint; payment: PaymentDetails; snapshot: IntentSnapshot },
): Promise<SignedAttestation> {
  const p = input.payment;
  const s = input.snapshot;
  // abi.encode(PaymentDetails, IntentSnapshot), as the deployed UnifiedPaymentVerifierV3 decodes an attestation's data
  const encodedPaymentDetails = encodeAbiParameters(
    [
      {
        type: "tuple",
        components: [
          { type: "bytes32" },
          { type: "bytes32" },
          { type: "uint256" },
          { type: "bytes32" },
          { type: "uint256" },
          { type: "bytes32" },
        ],
      },
      {
        type: "tuple",
        components: [
          { type: "bytes32" },
          { type: "uint256" },
          { type: "bytes32" },
          { type: "bytes32" },
          { type: "bytes32" },
          { type: "uint256" },
          { type: "uint256" },
          { type: "uint256" },
        ],
      },
    ],
    [
      [p.method, p.payeeId, p.amount, p.currency, p.timestamp, p.paymentId],
      [s.intentHash, s.amount, s.paymentMethod, s.fiatCurrency, s.payeeDetails, s.conversionRate, s.signalTimestamp, s.timestampBuffer],
    ],
  );
  const dataHash = keccak256(encodedPaymentDetails);
  const witness = privateKeyToAccount(rail.witnessKey);
  const domain = {
    name: "UnifiedPaymentVerifier",
    version: "1",
    chainId: rail.chainId,
    verifyingContract: rail.addresses.verifier,
  } as const;
  const signature = await witness.signTypedData({
    domain,
    types: ATTESTATION_TYPES,
    primaryType: "PaymentAttestation",
    message: { intentHash: input.intentHash, releaseAmount: input.releaseAmount, dataHash },
  });
  return {
    signature,
    signer: witness.address,
    dataHash,
    encodedPaymentDetails,
    domainSeparator: keccak256(
      encodeAbiParameters(
        [{ type: "bytes32" }, { type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }, { type: "address" }],
        [
          keccak256(toHex("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)")),
          keccak256(toHex(domain.name)),
          keccak256(toHex(domain.version)),
          BigInt(domain.chainId),
          domain.verifyingContract,
        ],
      ),
    ),
    typeHash: keccak256(toHex("PaymentAttestation(bytes32 intentHash,uint256 releaseAmount,bytes32 dataHash)")),
  };
}
