import http from "node:http";
import https from "node:https";
import { type Address, type Hex, isHex, parseTransaction, recoverTransactionAddress, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { LiveRailSettings, RemoteSignerWallets, TakerKeys } from "@/lib/core/config/live-rail";

// Where the taker wallets' transactions are signed: with their keys in this process
// (ZKP2P_TAKER_KEYS), or by a remote signer that holds them (ZKP2P_SIGNER_URL, JSON-RPC
// eth_signTransaction, as Web3Signer serves it). Whichever signs, the bytes are checked against the
// transaction asked for before anything writes them down.

/** An EIP-1559 transaction with every field decided: the signer fills nothing in. */
export type UnsignedTx = {
  chainId: number;
  to: Address;
  data: Hex;
  value: bigint;
  nonce: number;
  gas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
};

export interface TxSigner {
  /** how errors name it */
  readonly name: string;
  sign(wallet: Address, tx: UnsignedTx): Promise<Hex>;
}

/** A signer that failed, or returned something other than the transaction asked for. */
export class SignerError extends Error {
  override name = "SignerError";
}

export function signerFor(settings: LiveRailSettings): TxSigner {
  const takers = settings.takerKeys;
  return takers.kind === "remote" ? new RemoteSigner(takers, settings.serviceTimeoutMs) : new KeySigner(takers);
}

class KeySigner implements TxSigner {
  readonly name = "the taker keys";
  constructor(private readonly keys: TakerKeys) {}
  sign(wallet: Address, tx: UnsignedTx): Promise<Hex> {
    return privateKeyToAccount(this.keys.keyOf(wallet)).signTransaction({ type: "eip1559", ...tx });
  }
}

const MAX_ANSWER_BYTES = 1_000_000;

export class RemoteSigner implements TxSigner {
  readonly name: string;
  constructor(
    private readonly wallets: RemoteSignerWallets,
    private readonly timeoutMs: number,
  ) {
    this.name = wallets.name;
  }

  async sign(wallet: Address, tx: UnsignedTx): Promise<Hex> {
    const raw = await this.call("eth_signTransaction", [
      {
        from: wallet,
        to: tx.to,
        data: tx.data,
        value: toHex(tx.value),
        nonce: toHex(tx.nonce),
        gas: toHex(tx.gas),
        maxFeePerGas: toHex(tx.maxFeePerGas),
        maxPriorityFeePerGas: toHex(tx.maxPriorityFeePerGas),
        chainId: toHex(tx.chainId),
        type: "0x2",
      },
    ]);
    // geth's eth_signTransaction answers { raw, tx }; Web3Signer and anvil answer the bytes
    const bytes = typeof raw === "object" && raw !== null && "raw" in raw ? (raw as { raw: unknown }).raw : raw;
    if (typeof bytes !== "string" || !isHex(bytes) || bytes.length < 4) {
      throw new SignerError(`${this.name} answered eth_signTransaction with something that is not signed transaction bytes`);
    }
    return bytes;
  }

  /** The addresses the signer says it holds, or null when it does not offer eth_accounts. */
  async accounts(): Promise<Address[] | null> {
    try {
      const result = await this.call("eth_accounts", []);
      if (!Array.isArray(result)) throw new SignerError(`${this.name} answered eth_accounts with something that is not a list`);
      return result.map((a) => String(a) as Address);
    } catch (err) {
      if (err instanceof MethodMissing) return null;
      throw err;
    }
  }

  private call(method: string, params: unknown[]): Promise<unknown> {
    const { token, tls } = this.wallets.credentials();
    const url = new URL(this.wallets.url);
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });
    const headers: Record<string, string> = { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) };
    if (token) headers.authorization = `Bearer ${token}`;
    const request = url.protocol === "https:" ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = request(url, { method: "POST", headers, signal: AbortSignal.timeout(this.timeoutMs), ...(tls ?? {}) }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size > MAX_ANSWER_BYTES) req.destroy(new SignerError(`${this.name} answered ${method} with more than 1 MB`));
          else chunks.push(c);
        });
        res.on("error", (err) => reject(this.failure(method, err)));
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString("utf8");
          let answer: { result?: unknown; error?: { code?: number; message?: string } } | undefined;
          try {
            answer = JSON.parse(text);
          } catch {
            // not JSON: reported with the status below
          }
          if (answer?.error) {
            if (answer.error.code === -32601) return reject(new MethodMissing(method));
            return reject(new SignerError(`${this.name} refused ${method}: ${String(answer.error.message ?? "").slice(0, 200)}`));
          }
          if (status === 404 || status === 405 || status === 501) return reject(new MethodMissing(method));
          if (status < 200 || status >= 300 || !answer || !("result" in answer)) {
            return reject(
              new SignerError(
                `${this.name} answered ${method} with HTTP ${status}${status === 401 || status === 403 ? " (is ZKP2P_SIGNER_TOKEN right?)" : ""}`,
              ),
            );
          }
          resolve(answer.result);
        });
      });
      req.on("error", (err) => reject(this.failure(method, err)));
      req.end(body);
    });
  }

  private failure(method: string, err: Error): Error {
    if (err instanceof SignerError) return err;
    if (err.name === "AbortError" || err.name === "TimeoutError") {
      return new SignerError(`${this.name} did not answer ${method} within ${this.timeoutMs / 1000}s`);
    }
    const code = (err as NodeJS.ErrnoException).code;
    return new SignerError(`${this.name} could not be reached for ${method} (${code ?? err.message.slice(0, 120)})`);
  }
}

class MethodMissing extends SignerError {
  constructor(method: string) {
    super(`the signer does not offer ${method}`);
  }
}

/**
 * Refuses signed bytes that are not exactly the transaction asked for, from the wallet asked for:
 * a compromised or misconfigured signer must not make the rail write down (and send) another one.
 */
export async function checkSigned(raw: Hex, wallet: Address, tx: UnsignedTx, signerName: string): Promise<void> {
  let parsed: ReturnType<typeof parseTransaction>;
  let from: Address;
  try {
    parsed = parseTransaction(raw);
    from = await recoverTransactionAddress({ serializedTransaction: raw as never });
  } catch {
    throw new SignerError(`${signerName} returned bytes that are not a signed transaction`);
  }
  const lower = (v: string | null | undefined) => (v ?? "").toLowerCase();
  const differences: string[] = [];
  const compare = (field: string, got: unknown, asked: unknown) => {
    if (got !== asked) differences.push(`${field} ${String(got)}, not ${String(asked)}`);
  };
  compare("type", parsed.type, "eip1559");
  compare("sender", lower(from), lower(wallet));
  compare("chainId", parsed.chainId, tx.chainId);
  compare("nonce", parsed.nonce, tx.nonce);
  compare("to", lower(parsed.to), lower(tx.to));
  compare("data", lower(parsed.data ?? "0x"), lower(tx.data));
  compare("value", parsed.value ?? 0n, tx.value);
  compare("gas", parsed.gas, tx.gas);
  compare("maxFeePerGas", parsed.maxFeePerGas, tx.maxFeePerGas);
  compare("maxPriorityFeePerGas", parsed.maxPriorityFeePerGas, tx.maxPriorityFeePerGas);
  const accessList = (parsed as { accessList?: unknown[] }).accessList;
  if (accessList?.length) differences.push(`an access list of ${accessList.length} entries, not none`);
  if (differences.length) {
    // data can be long: only its start is named
    const said = differences.map((d) => (d.length > 200 ? `${d.slice(0, 200)}…` : d));
    throw new SignerError(
      `${signerName} returned a different transaction than the one asked for (${said.join("; ")}): it was not recorded`,
    );
  }
}

/**
 * The start-up check of a remote signer: it answers, and holds every taker address. A signer without
 * eth_accounts is not asked (a signature is then the first proof that it holds a wallet).
 */
export async function signerProblems(settings: LiveRailSettings): Promise<string[]> {
  const takers = settings.takerKeys;
  if (takers.kind !== "remote") return [];
  const signer = new RemoteSigner(takers, settings.serviceTimeoutMs);
  let held: Address[] | null;
  try {
    held = await signer.accounts();
  } catch (err) {
    return [`ZKP2P_SIGNER_URL: ${(err as Error).message}`];
  }
  if (held === null) return [];
  const have = new Set(held.map((a) => a.toLowerCase()));
  return takers.addresses
    .filter((a) => !have.has(a.toLowerCase()))
    .map((a) => `ZKP2P_TAKER_ADDRESSES: ${signer.name} does not hold ${a} (eth_accounts does not list it)`);
}
