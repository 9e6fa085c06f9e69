import { type Address, type Hex, keccak256, toHex } from "viem";
import { FaultSwitch, serveJson } from "./faults";

// A local stand-in for ZKP2P's attestation service (POST /buyer/verify/:platform/:actionType, in the
// shape `@zkp2p/sdk` 0.14.1's apiVerifyBuyerTeePayment sends and reads). The real service opens the
// payer's sealed session inside an enclave and reads the payment from the platform; this one cannot,
// so it accepts documented test proofs instead (docs/guides/real-rail.md). Only the stand-in knows them:
//   encryptedSessionMaterial "local-ok"       a payment of exactly the intent's fiat amount
//   encryptedSessionMaterial "local-partial"  a payment of params.paidFiat (a decimal), less than asked
//   encryptedSessionMaterial "local-invalid"  refused: the payment cannot be verified
//   encryptedSessionMaterial "local-expired"  refused: the session material is stale
// A proof may name params.paymentId to reuse one payment (the verifier's nullifier refuses the second).

export type AttestationRoute = "verify";

export type PaymentDetails = { method: Hex; currency: Hex; amount: bigint; timestamp: bigint; paymentId: Hex; payeeId: Hex };
/** The intent as the attestation saw it: the deployed verifier checks each field against the intent the orchestrator holds. */
export type IntentSnapshot = {
  intentHash: Hex;
  amount: bigint;
  paymentMethod: Hex;
  fiatCurrency: Hex;
  payeeDetails: Hex;
  conversionRate: bigint;
  /** seconds, as the orchestrator stamps the intent */
  signalTimestamp: bigint;
  timestampBuffer: bigint;
};

export type SignedAttestation = {
  signature: Hex;
  signer: Address;
  dataHash: Hex;
  encodedPaymentDetails: Hex;
  domainSeparator: Hex;
  typeHash: Hex;
};

export type AttestationOptions = {
  /** signs an attestation with the witness key: the chain harness's signer */
  attest: (input: {
    intentHash: Hex;
    releaseAmount: bigint;
    payment: PaymentDetails;
    snapshot: IntentSnapshot;
  }) => Promise<SignedAttestation>;
};

const PRECISE = 10n ** 18n;

export async function startAttestation(opts: AttestationOptions, port = 0) {
  const faults = new FaultSwitch<AttestationRoute>(["verify"]);
  let counter = 0;
  /** what each verify asked: its route and the row parameters the payer's page chose (a test reads them) */
  const received: { platform: string; actionType: string; params: Record<string, unknown> }[] = [];

  const verify = async (body: unknown, url: URL) => {
    const [, , , platform = "", actionType = ""] = url.pathname.split("/");
    // the service's routes: one per platform, and Zelle's per bank (the SDK's buyer-TEE routes)
    received.push({ platform, actionType, params: (body as { params?: Record<string, unknown> } | undefined)?.params ?? {} });
    // Zelle's per bank; PayPal's business accounts have a route of their own (transfer_business_paypal)
    const known =
      platform === "zelle"
        ? /^transfer_zelle_(bofa|chase|citi)$/.test(actionType)
        : actionType === `transfer_${platform}` || (platform === "paypal" && actionType === "transfer_business_paypal");
    if (!known)
      return { status: 404, body: { success: false, message: `No attestation route ${platform}/${actionType}`, statusCode: 404 } };
    const b = body as { encryptedSessionMaterial?: unknown; params?: Record<string, unknown>; intent?: Record<string, string> } | undefined;
    const intent = b?.intent;
    if (
      !b ||
      typeof b.encryptedSessionMaterial !== "string" ||
      !intent?.intentHash ||
      !intent.amount ||
      !intent.conversionRate ||
      !intent.timestampMs
    ) {
      return { status: 400, body: { success: false, message: "encryptedSessionMaterial and intent are required", statusCode: 400 } };
    }
    if (faults.get("verify") === "refuse" || b.encryptedSessionMaterial === "local-invalid") {
      return {
        status: 400,
        body: { success: false, message: "Payment could not be verified", errorCode: "PROOF_INVALID", statusCode: 400 },
      };
    }
    if (b.encryptedSessionMaterial === "local-expired") {
      return { status: 400, body: { success: false, message: "Session material expired", errorCode: "PROOF_EXPIRED", statusCode: 400 } };
    }
    const amount = BigInt(intent.amount);
    const rate = BigInt(intent.conversionRate);
    let fiat: bigint; // 6 decimals, as the verifier reads a payment
    if (b.encryptedSessionMaterial === "local-ok") {
      fiat = (amount * rate + PRECISE - 1n) / PRECISE;
    } else if (
      b.encryptedSessionMaterial === "local-partial" &&
      typeof b.params?.paidFiat === "string" &&
      /^\d+(\.\d{1,6})?$/.test(b.params.paidFiat)
    ) {
      const [w, f = ""] = b.params.paidFiat.split(".");
      fiat = BigInt(w!) * 1_000_000n + BigInt(f.padEnd(6, "0"));
    } else {
      return {
        status: 400,
        body: { success: false, message: "Payment could not be verified", errorCode: "PROOF_INVALID", statusCode: 400 },
      };
    }
    const release = (fiat * PRECISE) / rate;
    const releaseAmount = release < amount ? release : amount;
    const paymentId =
      typeof b.params?.paymentId === "string"
        ? keccak256(toHex(b.params.paymentId))
        : keccak256(toHex(`${intent.intentHash}:${++counter}:${Date.now()}`));
    const signed = await opts.attest({
      intentHash: intent.intentHash as Hex,
      releaseAmount,
      payment: {
        method: intent.paymentMethod as Hex,
        currency: intent.fiatCurrency as Hex,
        amount: fiat,
        timestamp: BigInt(Date.now()),
        paymentId,
        payeeId: intent.payeeDetails as Hex,
      },
      // the intent as the request described it: the verifier holds it against the chain's
      snapshot: {
        intentHash: intent.intentHash as Hex,
        amount,
        paymentMethod: intent.paymentMethod as Hex,
        fiatCurrency: intent.fiatCurrency as Hex,
        payeeDetails: intent.payeeDetails as Hex,
        conversionRate: rate,
        signalTimestamp: BigInt(intent.timestampMs) / 1000n,
        timestampBuffer: 0n,
      },
    });
    return {
      status: 200,
      body: {
        success: true,
        message: "ok",
        statusCode: 200,
        responseObject: {
          platform,
          actionType,
          signature: signed.signature,
          signer: signed.signer,
          domainSeparator: signed.domainSeparator,
          typeHash: signed.typeHash,
          typedDataSpec: {
            primaryType: "PaymentAttestation",
            types: {
              PaymentAttestation: [
                { name: "intentHash", type: "bytes32" },
                { name: "releaseAmount", type: "uint256" },
                { name: "dataHash", type: "bytes32" },
              ],
            },
          },
          typedDataValue: { intentHash: intent.intentHash, releaseAmount: releaseAmount.toString(), dataHash: signed.dataHash },
          proofInput: "",
          encodedPaymentDetails: signed.encodedPaymentDetails,
          metadata: "0x",
        },
      },
    };
  };

  const server = await serveJson<AttestationRoute>(
    [{ route: "verify", method: "POST", path: /^\/buyer\/verify\/[^/]+\/[^/]+$/, handle: verify }],
    faults,
    port,
  );
  return { ...server, faults, received };
}
