import { deliveryStatus, orderStatus, payoutChangeStatus, refundStatus, sessionStatus } from "@/db/schema";

// The state machines of the service, written down once. Every status write goes through
// transition() (moveTx for a chain transaction) with one of these triggers, and every status rule elsewhere is a predicate derived
// from these tables, so a rule changes here or nowhere. docs/architecture.md is rendered from them.

export type SessionStatus = (typeof sessionStatus.enumValues)[number];
export type OrderStatus = (typeof orderStatus.enumValues)[number];
export type DeliveryStatus = (typeof deliveryStatus.enumValues)[number];

/**
 * `afterEnd`: a person's resolution that may move a row its machine had ended (an owner marks an
 * expired session paid in full): it does not make the statuses it leaves open again (isTerminal).
 */
export type Rule<S extends string> = { readonly from: readonly S[]; readonly to: S; readonly when: string; readonly afterEnd?: true };

export type Machine<S extends string, T extends string> = {
  /** how the machine is named in conflicts and in the docs */
  readonly name: string;
  readonly statuses: readonly S[];
  /** the status a row is inserted with */
  readonly initial: S;
  readonly triggers: { readonly [K in T]: Rule<S> };
};

const define = <S extends string, const T extends string>(m: Machine<S, T>) => m;

export const SESSION = define<
  SessionStatus,
  "selectPlatform" | "start" | "orderChanged" | "partlyPaid" | "complete" | "markPaid" | "expire" | "cancel"
>({
  name: "session",
  statuses: sessionStatus.enumValues,
  initial: "CREATED",
  triggers: {
    selectPlatform: { from: ["CREATED"], to: "CREATED", when: "the payer saves a platform and currency before checkout starts" },
    start: {
      from: ["CREATED", "ACTIVE"],
      to: "ACTIVE",
      when: "an order is created (again, once the previous order has ended or paid part of the amount)",
    },
    // a session has an order only once started, and start makes it ACTIVE in the same transaction
    orderChanged: { from: ["ACTIVE"], to: "ACTIVE", when: "its order moved on (payment sent, order expired, fulfilment reverted)" },
    partlyPaid: {
      from: ["ACTIVE"],
      to: "ACTIVE",
      when: "its order is fulfilled for part of the amount (a v1 partial payment); another order pays the rest",
    },
    complete: { from: ["ACTIVE"], to: "COMPLETED", when: "its orders have paid the whole amount" },
    markPaid: {
      from: ["CREATED", "ACTIVE", "EXPIRED", "CANCELLED"],
      to: "COMPLETED",
      when: "an owner resolves its exception by marking it paid in full (audited; markedBy says who)",
      afterEnd: true,
    },
    expire: { from: ["CREATED", "ACTIVE"], to: "EXPIRED", when: "expiresAt has passed" },
    cancel: { from: ["CREATED", "ACTIVE"], to: "CANCELLED", when: "the payer or the merchant cancels, unless the order is paid" },
  },
});

export const ORDER = define<
  OrderStatus,
  | "signalMined"
  | "signalReorged"
  | "signalFailed"
  | "paymentSent"
  | "proofVerified"
  | "fulfilSubmitted"
  | "fulfil"
  | "fulfilReverted"
  | "releaseBlocked"
  | "reprove"
  | "operatorRelease"
  | "expire"
  | "sessionExpired"
  | "cancel"
>({
  name: "order",
  statuses: orderStatus.enumValues,
  // the sandbox rail mines the intent at once, and its orders are created SIGNAL_MINED; the real rail
  // creates them SIGNAL_SUBMITTED and its jobs carry them on (lib/orders/rail-steps/)
  initial: "SIGNAL_MINED",
  triggers: {
    signalMined: { from: ["SIGNAL_SUBMITTED"], to: "SIGNAL_MINED", when: "the real rail's signal transaction is mined and confirmed" },
    signalReorged: {
      from: ["SIGNAL_MINED", "PAYMENT_SENT"],
      to: "SIGNAL_SUBMITTED",
      when: "a reorg took the confirmed signal out of the chain: the intent is gone until it is mined again",
    },
    signalFailed: {
      from: ["SIGNAL_SUBMITTED"],
      to: "FAILED",
      when: "the signal cannot be made: refused by curator, reverted, or not mined before its signature expired",
    },
    paymentSent: { from: ["SIGNAL_MINED"], to: "PAYMENT_SENT", when: "the payer says the fiat is on its way" },
    proofVerified: {
      from: ["SIGNAL_MINED", "PAYMENT_SENT"],
      to: "PROOF_VERIFIED",
      when: "the real rail's attestation service verifies the payment; the release is to be sent",
    },
    fulfilSubmitted: { from: ["PROOF_VERIFIED"], to: "FULFILL_SUBMITTED", when: "the release transaction is broadcast" },
    fulfil: {
      from: ["SIGNAL_MINED", "PAYMENT_SENT", "PROOF_VERIFIED", "FULFILL_SUBMITTED"],
      to: "FULFILLED",
      when: "the funds are released: at once on the sandbox, once the release is confirmed on the real rail (whoever sent it)",
    },
    // only a release that proves the payment is not this intent's (used before, another method), or
    // an intent gone from the chain without a release, ends a paid order: anything else keeps it
    fulfilReverted: {
      from: ["SIGNAL_MINED", "PAYMENT_SENT", "PROOF_VERIFIED", "FULFILL_SUBMITTED"],
      to: "FAILED",
      when: "the release proves the payment is not this intent's, or the intent is gone on-chain without a release",
    },
    releaseBlocked: {
      from: ["PROOF_VERIFIED", "FULFILL_SUBMITTED"],
      to: "PROOF_VERIFIED",
      when: "the chain refuses the proven release for now (a paused orchestrator, a lifecycle hook, the verifier): kept and retried",
    },
    reprove: {
      from: ["PROOF_VERIFIED", "FULFILL_SUBMITTED"],
      to: "PAYMENT_SENT",
      when: "the chain refuses the attestation as made for another snapshot of the intent, or by a witness it no longer trusts: proven anew",
    },
    operatorRelease: {
      from: ["SIGNAL_SUBMITTED", "SIGNAL_MINED", "PAYMENT_SENT"],
      to: "FAILED",
      when: "the operator frees its taker wallet by hand (npm run admin -- release-wallet, audited): its intent is cancelled",
    },
    // the payer who said they paid is never ended by the clock (a live order): at the intent's
    // on-chain expiry plus ZKP2P_PAYMENT_SENT_GRACE an exception opens instead (lib/sessions/expiry.ts)
    expire: { from: ["SIGNAL_MINED"], to: "EXPIRED", when: "its own expiresAt passes before the payment was sent" },
    // expiry of the session ends a paid order too, where cancel may not: money may be on its way,
    // but the time to pay is over
    sessionExpired: {
      from: ["SIGNAL_SUBMITTED", "SIGNAL_MINED", "PAYMENT_SENT", "PROOF_VERIFIED", "FULFILL_SUBMITTED"],
      to: "EXPIRED",
      when: "its session expires, paid or not",
    },
    cancel: { from: ["SIGNAL_SUBMITTED", "SIGNAL_MINED"], to: "CANCELLED", when: "its session is cancelled" },
  },
});

export const DELIVERY = define<DeliveryStatus, "attemptSucceeded" | "attemptFailed" | "gaveUp" | "webhookGone" | "requeue">({
  name: "delivery",
  statuses: deliveryStatus.enumValues,
  initial: "PENDING",
  triggers: {
    attemptSucceeded: { from: ["PENDING"], to: "DELIVERED", when: "the endpoint answers 2xx" },
    attemptFailed: { from: ["PENDING"], to: "PENDING", when: "an attempt fails and the retry schedule has attempts left" },
    gaveUp: { from: ["PENDING"], to: "FAILED", when: "the last attempt fails, the endpoint answers 410, or a one-shot test fails" },
    webhookGone: { from: ["PENDING"], to: "FAILED", when: "the webhook is inactive or deleted when the attempt is due" },
    requeue: {
      from: ["PENDING", "FAILED", "DELIVERED"],
      to: "PENDING",
      when: "the merchant retries it (not while an attempt holds its lease)",
    },
  },
});

// A rail transaction as chain_txs journals it: signed and written down before any node sees its
// bytes, then followed until the chain's verdict. The chain is the truth; these rows are what the
// service knows of it, moved only as below (lib/rail/zkp2p/transactions.ts, moveTx). A release that
// another sender made is written down as it is found, confirmed (lib/orders/rail-steps/fulfil.ts).
export const CHAIN_TX_STATUSES = ["signed", "sent", "mined", "confirmed", "reverted", "replaced", "dropped"] as const;
export type ChainTxStatus = (typeof CHAIN_TX_STATUSES)[number];

export const CHAIN_TX = define<ChainTxStatus, "broadcast" | "replace" | "drop" | "revive" | "mine" | "confirm" | "revert" | "reorg">({
  name: "chainTx",
  statuses: CHAIN_TX_STATUSES,
  initial: "signed",
  triggers: {
    broadcast: { from: ["signed"], to: "sent", when: "its signed bytes are handed to a node" },
    replace: { from: ["sent"], to: "replaced", when: "stuck, it is replaced by a transaction of the same nonce with a higher fee" },
    drop: {
      from: ["signed", "sent", "replaced"],
      to: "dropped",
      when: "its nonce went to another transaction (an earlier version, or another order's): it can never be mined",
    },
    revive: {
      from: ["sent", "replaced", "dropped"],
      to: "sent",
      when: "an earlier version turns out to be the one mined with the nonce: it is the transaction followed again",
    },
    // a cancel's signal is only read once mined: the intent it made is cancelled next, confirmed or not
    mine: { from: ["sent", "replaced"], to: "mined", when: "mined with success, read without waiting for its confirmations" },
    // a replaced original may be the one the chain mined, before its replacement
    confirm: { from: ["sent", "replaced", "mined"], to: "confirmed", when: "mined with success, and the confirmations are on top of it" },
    revert: { from: ["sent", "replaced", "mined"], to: "reverted", when: "mined, and reverted" },
    reorg: { from: ["mined", "confirmed"], to: "sent", when: "a reorg took it out of the chain: its same bytes are pending again" },
  },
});

// A new owner's change of where the money goes, held for NEW_OWNER_PAYOUT_HOLD (lib/accounts/payout-holds.ts;
// applied by lib/accounts/payout-addresses.ts applyHeldChange): each move one conditional UPDATE from `held`.
export type PayoutChangeStatus = (typeof payoutChangeStatus.enumValues)[number];

export const PAYOUT_CHANGE = define<PayoutChangeStatus, "apply" | "cancel" | "lapse">({
  name: "payoutChange",
  statuses: payoutChangeStatus.enumValues,
  initial: "held",
  triggers: {
    apply: { from: ["held"], to: "applied", when: "its hold is over: the job makes the change as the new owner asked it" },
    cancel: { from: ["held"], to: "cancelled", when: "an earlier owner cancels it from the link mailed to them" },
    lapse: {
      from: ["held"],
      to: "lapsed",
      when: "the new owner who asked for it is removed, or is no longer an owner, before it applies",
    },
  },
});

export type RefundStatus = (typeof refundStatus.enumValues)[number];

export const REFUND = define<RefundStatus, "claim" | "reclaim" | "record" | "complete" | "reorg" | "cancel" | "expire">({
  name: "refund",
  statuses: refundStatus.enumValues,
  initial: "AWAITING_CLAIM",
  triggers: {
    claim: { from: ["AWAITING_CLAIM"], to: "AWAITING_TRANSFER", when: "the payer says on the claim page where the USDC should go" },
    reclaim: {
      from: ["AWAITING_TRANSFER"],
      to: "AWAITING_TRANSFER",
      when: "the payer changes the address, before any transfer to it was seen",
    },
    record: {
      from: ["AWAITING_CLAIM"],
      to: "COMPLETED",
      when: 'method "recorded": the merchant returned the money outside the service; completed as it is made',
    },
    complete: {
      from: ["AWAITING_TRANSFER"],
      to: "COMPLETED",
      when: "the USDC sent to the claimed address reaches its amount, with the rail's confirmations (at once on the sandbox)",
    },
    reorg: { from: ["COMPLETED"], to: "AWAITING_TRANSFER", when: "a reorg took the completing transfer out of the chain" },
    cancel: { from: ["AWAITING_CLAIM", "AWAITING_TRANSFER"], to: "CANCELLED", when: "the merchant cancels it before the money moved" },
    expire: { from: ["AWAITING_CLAIM"], to: "EXPIRED", when: "nobody claimed it within REFUND_CLAIM_TTL: its amount is refundable again" },
  },
});

export const MACHINES = { session: SESSION, order: ORDER, delivery: DELIVERY, refund: REFUND } as const;
export type ChainTxTrigger = keyof typeof CHAIN_TX.triggers;
export type MachineName = keyof typeof MACHINES;
export type StatusOf<M extends MachineName> = (typeof MACHINES)[M]["statuses"][number];
export type TriggerOf<M extends MachineName> = keyof (typeof MACHINES)[M]["triggers"] & string;

export function ruleOf<M extends MachineName>(machine: M, trigger: TriggerOf<M>): Rule<StatusOf<M>> {
  return (MACHINES[machine].triggers as Record<string, Rule<StatusOf<M>>>)[trigger]!;
}

/** Whether `trigger` may move a row of `machine` that is in `status`. */
export function canFire<M extends MachineName>(machine: M, trigger: TriggerOf<M>, status: StatusOf<M>): boolean {
  return ruleOf(machine, trigger).from.includes(status);
}

/** A status no trigger leaves: the row's story is over. */
export function isTerminal<M extends MachineName>(machine: M, status: StatusOf<M>): boolean {
  return !Object.values<Rule<string>>(MACHINES[machine].triggers).some((r) => !r.afterEnd && r.from.includes(status));
}

// ---------------------------------------------------------------- predicates

/** A session that still awaits the payer: not completed, expired or cancelled. */
export const isSessionOpen = (s: SessionStatus) => !isTerminal("session", s);

/** An order that holds its session: every status until it is fulfilled or ended. */
export const isOrderLive = (s: OrderStatus) => !isTerminal("order", s);

/** An order that ended without being fulfilled (cancelled, expired, failed): the session may start again. */
export const isOrderEnded = (s: OrderStatus) => isTerminal("order", s) && s !== ORDER.triggers.fulfil.to;

/** Money may be on its way: a live order that cancel can no longer end, or a fulfilled one. */
export const isOrderPaid = (s: OrderStatus) => (isOrderLive(s) && !canFire("order", "cancel", s)) || s === ORDER.triggers.fulfil.to;

/** The statuses that satisfy a predicate, in the enum's order (for SQL `IN` lists and the docs). */
export function statusesWhere<M extends MachineName>(machine: M, test: (s: StatusOf<M>) => boolean): StatusOf<M>[] {
  return (MACHINES[machine].statuses as readonly StatusOf<M>[]).filter(test);
}
