import {
  type AbiEvent,
  type Address,
  createPublicClient,
  formatLog,
  type Hex,
  http,
  keccak256,
  parseAbiItem,
  type PublicClient,
  type RpcLog,
  toEventSelector,
  toHex,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  TransactionNotFoundError,
} from "viem";
import { ESCROW_ABI, ORCHESTRATOR_ABI } from "./protocol";

const TRANSFER_EVENT = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
import { checkSigned, signerFor, type TxSigner, type UnsignedTx } from "./signer";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";

// The chain as the rail uses it: one JSON-RPC endpoint, transactions signed with the taker wallets'
// keys or by the remote signer that holds them (never by the node), so that the raw bytes can be
// written down before they are sent.

export type SignedTx = { raw: Hex; hash: Hex; nonce: number; maxFeePerGas: bigint };

/** OrchestratorV3's Intent (getIntent), as the verifier checks an attestation's snapshot against it. */
export type OnChainIntent = {
  owner: Address;
  to: Address;
  escrow: Address;
  depositId: bigint;
  amount: bigint;
  /** seconds */
  timestamp: bigint;
  paymentMethod: Hex;
  fiatCurrency: Hex;
  conversionRate: bigint;
  payeeId: Hex;
  referralFees: readonly { recipient: Address; fee: bigint }[];
};

/** The fields of an intent an attestation is asked about, as an order keeps them (railState.onChainIntent): strings. */
export type StoredIntent = {
  amount: string;
  timestamp: string;
  paymentMethod: Hex;
  fiatCurrency: Hex;
  conversionRate: string;
  payeeId: Hex;
};

export const storeIntent = (i: OnChainIntent): StoredIntent => ({
  amount: i.amount.toString(),
  timestamp: i.timestamp.toString(),
  paymentMethod: i.paymentMethod,
  fiatCurrency: i.fiatCurrency,
  conversionRate: i.conversionRate.toString(),
  payeeId: i.payeeId,
});

/** EscrowV2's Deposit (getDeposit), the fields the rail reads. */
export type OnChainDeposit = {
  depositor: Address;
  intentAmountRange: { min: bigint; max: bigint };
  acceptingIntents: boolean;
  remainingDeposits: bigint;
};

export type TxState =
  | { state: "unknown" } // the node does not know it: never sent, or dropped
  | { state: "pending" }
  | { state: "mined"; receipt: TransactionReceipt; confirmations: number };

export class RailChain {
  readonly client: PublicClient;
  readonly signer: TxSigner;

  constructor(readonly settings: LiveRailSettings) {
    this.client = createPublicClient({ transport: http(settings.rpcUrl, { timeout: 15_000, retryCount: 0 }) }) as PublicClient;
    this.signer = signerFor(settings);
  }

  get chainId() {
    return this.settings.network.chainId;
  }

  /** The next nonce of a wallet as the node sees it, pending transactions included. */
  pendingNonce(wallet: Address): Promise<number> {
    return this.client.getTransactionCount({ address: wallet, blockTag: "pending" });
  }

  /**
   * Signs a transaction from a taker wallet (EIP-1559), estimating gas and fees unless given. The
   * signed bytes are refused unless they are that transaction, from that wallet.
   */
  async sign(
    wallet: Address,
    tx: { to: Address; data: Hex; value?: bigint; nonce: number; gas?: bigint; maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint },
  ): Promise<SignedTx> {
    const gas =
      tx.gas ??
      ((await this.client.estimateGas({ account: wallet, to: tx.to, data: tx.data, value: tx.value ?? 0n })) * 12n) / 10n + 10_000n;
    let { maxFeePerGas, maxPriorityFeePerGas } = tx;
    if (maxFeePerGas === undefined || maxPriorityFeePerGas === undefined) {
      const fees = await this.client.estimateFeesPerGas();
      maxFeePerGas ??= fees.maxFeePerGas * 2n;
      maxPriorityFeePerGas ??= fees.maxPriorityFeePerGas;
    }
    const unsigned: UnsignedTx = {
      chainId: this.chainId,
      to: tx.to,
      data: tx.data,
      value: tx.value ?? 0n,
      nonce: tx.nonce,
      gas,
      maxFeePerGas,
      maxPriorityFeePerGas: maxPriorityFeePerGas > maxFeePerGas ? maxFeePerGas : maxPriorityFeePerGas,
    };
    const raw = await this.signer.sign(wallet, unsigned);
    await checkSigned(raw, wallet, unsigned, this.signer.name);
    return { raw, hash: keccak256(raw), nonce: tx.nonce, maxFeePerGas };
  }

  /**
   * Sends signed bytes. Sending them again is harmless: a node that already has the transaction, or
   * has mined it, says so, and that is success. "nonce-used": the node says the nonce is taken, by
   * these bytes (mined already) or by another transaction; the caller reads the receipts to know which.
   */
  async broadcast(raw: Hex): Promise<"sent" | "nonce-used"> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: raw });
      return "sent";
    } catch (err) {
      const text = String((err as Error).message ?? err).toLowerCase();
      if (text.includes("already known") || text.includes("known transaction") || text.includes("already imported")) return "sent";
      if (text.includes("nonce too low") || text.includes("nonce has already been used")) return "nonce-used";
      throw err;
    }
  }

  /** Where a transaction stands, with its confirmations once mined. */
  async stateOf(hash: Hex): Promise<TxState> {
    try {
      const receipt = await this.client.getTransactionReceipt({ hash });
      const head = await this.client.getBlockNumber();
      return { state: "mined", receipt, confirmations: Number(head - receipt.blockNumber) };
    } catch (err) {
      if (!(err instanceof TransactionReceiptNotFoundError)) throw err;
    }
    try {
      await this.client.getTransaction({ hash });
      return { state: "pending" };
    } catch (err) {
      if (err instanceof TransactionNotFoundError) return { state: "unknown" };
      throw err;
    }
  }

  /** Whether the block a receipt names is still on the chain (a reorg replaces it). */
  async stillCanonical(receipt: TransactionReceipt): Promise<boolean> {
    const block = await this.client.getBlock({ blockNumber: receipt.blockNumber }).catch(() => null);
    return block?.hash === receipt.blockHash;
  }

  /** Runs a call as the wallet would send it: a revert is caught before any gas is spent. */
  async simulate(wallet: Address, to: Address, data: Hex): Promise<void> {
    await this.client.call({ account: wallet, to, data });
  }

  /** The orchestrator's record of an intent; null once it is gone (fulfilled, cancelled or pruned). */
  async intentOf(intentHash: Hex): Promise<OnChainIntent | null> {
    const intent = (await this.client.readContract({
      address: this.settings.network.addresses.OrchestratorV3,
      abi: ORCHESTRATOR_ABI,
      functionName: "getIntent",
      args: [intentHash],
    })) as OnChainIntent;
    return intent.owner === "0x0000000000000000000000000000000000000000" ? null : intent;
  }

  /** A maker's deposit as the escrow holds it now (EscrowV2 getDeposit): the range of intents it takes, its liquidity. */
  async depositOf(escrow: Address, depositId: bigint): Promise<OnChainDeposit> {
    return (await this.client.readContract({
      address: escrow,
      abi: ESCROW_ABI,
      functionName: "getDeposit",
      args: [depositId],
    })) as OnChainDeposit;
  }

  /** The orchestrator's IntentFulfilled logs of one intent (its hash is an indexed topic). */
  /** The orchestrator's logs of one intent's release (IntentFulfilled and its referral fees), from a block on. */
  async fulfilmentLogs(intentHash: Hex, fromBlock: bigint) {
    const topic = (name: string) => toEventSelector(ORCHESTRATOR_ABI.find((x) => x.type === "event" && x.name === name) as AbiEvent);
    const logs = (await this.client.request({
      method: "eth_getLogs",
      params: [
        {
          address: this.settings.network.addresses.OrchestratorV3,
          fromBlock: toHex(fromBlock),
          toBlock: "latest",
          topics: [[topic("IntentFulfilled"), topic("IntentReferralFeeDistributed")], intentHash],
        },
      ],
    })) as RpcLog[];
    return logs.map((l) => formatLog(l));
  }

  /**
   * USDC Transfer logs from any of `from` to `to`, in blocks `fromBlock` to `toBlock` (a refund's
   * transfers, lib/refunds/watch.ts): each with its transaction, block and value.
   */
  async usdcTransfers(from: readonly Address[], to: Address, fromBlock: bigint, toBlock: bigint) {
    const logs = await this.client.getLogs({
      address: this.settings.network.usdc,
      event: TRANSFER_EVENT,
      args: { from: [...from], to },
      fromBlock,
      toBlock,
    });
    return logs.map((l) => ({
      txHash: l.transactionHash,
      blockNumber: l.blockNumber,
      blockHash: l.blockHash,
      logIndex: l.logIndex,
      from: l.args.from!,
      value: l.args.value!,
    }));
  }

  /** The chain's head block. */
  head(): Promise<bigint> {
    return this.client.getBlockNumber();
  }

  /** The hash of block `n` as the node has it now, or null if it has none. */
  async blockHash(n: bigint): Promise<Hex | null> {
    return (await this.client.getBlock({ blockNumber: n }).catch(() => null))?.hash ?? null;
  }

  /** V3's protocol fee now (1e18 = 100%). */
  async protocolFee(): Promise<bigint> {
    return (await this.client.readContract({
      address: this.settings.network.addresses.OrchestratorV3,
      abi: ORCHESTRATOR_ABI,
      functionName: "protocolFee",
    })) as bigint;
  }

  /** Whether the orchestrator's owner has paused it (an incident): signals and releases revert until it is unpaused. */
  async paused(): Promise<boolean> {
    return (await this.client.readContract({
      address: this.settings.network.addresses.OrchestratorV3,
      abi: ORCHESTRATOR_ABI,
      functionName: "paused",
    })) as boolean;
  }

  /** Whether the orchestrator lets one account hold several open intents (else a second signal reverts AccountHasActiveIntent). */
  async allowMultipleIntents(): Promise<boolean> {
    return (await this.client.readContract({
      address: this.settings.network.addresses.OrchestratorV3,
      abi: ORCHESTRATOR_ABI,
      functionName: "allowMultipleIntents",
    })) as boolean;
  }
}
