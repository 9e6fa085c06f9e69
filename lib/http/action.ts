import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { type Db, getDb } from "@/db/client";
import { dashboardMerchant, type MerchantActor, type PayerActor, payer } from "@/lib/core/actor";
import { auditMerchant } from "@/lib/audit";
import { atLeast } from "@/lib/accounts/roles";
import { recentlyReauthenticated, requireMerchant, requirePerson } from "@/lib/auth/session";
import type { MemberRole } from "@/db/schema";
import { AppError, isDatabaseUnavailable } from "@/lib/core/errors";
import { currentRequestId, errorFields, logger } from "@/lib/core/logger";
import { failSpan, inSpan, SpanKind } from "@/lib/tracing";
import { withDeferredHints } from "@/lib/jobs";
import { hitRateLimits, type RateRule } from "@/lib/limits/rate-limit";
import { clientIp } from "./route";
import { assertStorableText, validationError } from "./validation";

// The one wrapper for server actions (the dashboard's and the payer page's), as route() is for the
// API: the actor, the same text checks and validation messages, the rate limits, then the handler.
// Whatever happens, the client gets a result, never a thrown error. A dashboard action's change and
// its audit record commit together or not at all.

/** `reauth`: the action needs a recent re-authentication first (the page asks for it, then tries again). */
export type ActionFailure = { ok: false; message: string; fields?: Record<string, string>; reauth?: true };

/**
 * A failure as the action knows it before answering: also its kind (an AppError's code,
 * VALIDATION_FAILED, RATE_LIMITED, UNAVAILABLE, INTERNAL) and a rate limit's seconds, for `reword`.
 */
export type Refusal = ActionFailure & { code?: string; retryAfter?: number };

export const GENERIC_FAILURE = "Something went wrong on our side. Please try again.";
export const UNAVAILABLE_FAILURE = "The service is briefly unavailable; try again in a moment.";

type ActorKind = "merchant" | "payer" | "person" | "public";
/** A signed-in person acting on their own account (their password, second factor, passkeys, invites to accept). */
export type PersonActor = { userId: string; email: string };
type ActorOf<K extends ActorKind> = K extends "merchant"
  ? MerchantActor
  : K extends "payer"
    ? PayerActor
    : K extends "person"
      ? PersonActor
      : null;

export type ActionContext<I, K extends ActorKind> = { db: Db; input: I; actor: ActorOf<K>; ip: string };

export type ActionOptions<S extends z.ZodType, K extends ActorKind, A extends unknown[], F extends object> = {
  /** Names the action in logs. */
  name: string;
  /** Parsed as the API parses a body: the same messages, naming each field. */
  input: S;
  /** Builds the input from the action's arguments (default: its one argument). */
  from?: (...args: A) => unknown;
  /**
   * "merchant": the dashboard's signed-in merchant (requireMerchant, which redirects, comes first).
   * "payer": the payer of the session named by the input's `sessionId`. "public": nobody (sign-up).
   */
  actor: K;
  /**
   * For "merchant": the least role that may run it, checked on the server (lib/accounts/roles.ts):
   * "developer" unless said otherwise, since every dashboard action changes something.
   */
  role?: MemberRole;
  /**
   * For "merchant": the action's name in the audit trail, written when it succeeds; false when the
   * service writes its own record (lib/accounts). Default: the name.
   */
  audit?: string | false;
  /**
   * An audited action's handler runs in a transaction with its audit record (its own transactions
   * become savepoints; the background work hears of what it made after the commit): a failure of
   * either rolls both back. false for a handler that waits on the network (a webhook sent now): a
   * transaction held open that long would hold a pooled connection, and PGlite whole, for up to
   * WEBHOOK_TIMEOUT. Its record is written before it runs instead, so nothing it does goes unrecorded.
   */
  transaction?: false;
  /**
   * Refused (with `reauth`) unless this session re-authenticated within REAUTH_TTL_MS
   * (lib/auth/reauth.ts), so that a stolen session can neither make itself permanent nor redirect the
   * money: for "person", a change of how the person signs in; for "merchant", a change of where the
   * account's money goes or of its team, asked of a signed-in person (an unclaimed account's key session has no
   * person to ask: its key is its only credential).
   */
  reauth?: boolean;
  /** Each rule counts by ip, by the merchant or by the payer's session; the stricter answers. */
  rateLimit?: RateRule | readonly RateRule[];
  tooMany?: (retryAfterSeconds: number) => string;
  /** A friendlier message for input that fails the schema (the field details stay); undefined keeps the schema's. */
  invalid?: string | ((fields: Record<string, string>) => string | undefined);
  /** Extra fields for a failure of the handler (the payer's fresh view); if this fails too, they are left out. */
  alsoOnFailure?: (ctx: ActionContext<z.infer<S>, K>) => Promise<F>;
  /** Words a failure's message anew from its kind (the payer's page: in the payer's language). */
  reword?: (refusal: Refusal) => Promise<string>;
};

const DEFAULT_TOO_MANY = (seconds: number) => `Too many attempts; try again in ${seconds} seconds.`;

const failure = (err: AppError): Refusal => {
  const fields = err.details?.fields;
  return fields && typeof fields === "object"
    ? { ok: false, message: err.message, fields: fields as Record<string, string>, code: err.code }
    : { ok: false, message: err.message, code: err.code };
};

/** What a client is told about an error: an AppError's own message, or a generic one (logged). */
function toFailure(err: unknown, name: string): Refusal {
  if (err instanceof AppError) return failure(err);
  if (isDatabaseUnavailable(err)) {
    logger.warn("database unavailable", { action: name });
    return { ok: false, message: UNAVAILABLE_FAILURE, code: "UNAVAILABLE" };
  }
  logger.error("action failed", { action: name, ...errorFields(err) });
  return { ok: false, message: GENERIC_FAILURE, code: "INTERNAL" };
}

export function action<
  S extends z.ZodType,
  K extends ActorKind,
  R extends { ok: true },
  A extends unknown[] = [input: z.input<S>],
  F extends object = object,
>(
  options: ActionOptions<S, K, A, F>,
  handler: (ctx: ActionContext<z.infer<S>, K>) => Promise<R>,
): (...args: A) => Promise<R | (ActionFailure & Partial<F>)> {
  if (options.reauth && options.actor !== "person" && options.actor !== "merchant")
    throw new Error(`${options.name}: only a person's or the dashboard's action can ask for a re-authentication`);
  const from = options.from ?? ((...args: A) => args[0]);
  const run = async (...args: A): Promise<R | Refusal> => {
    // the sign-in check redirects, so it runs outside the mapping below
    const access = options.actor === "merchant" ? await requireMerchant() : null;
    const merchantId = access?.merchantId ?? null;
    const person = options.actor === "person" ? await requirePerson() : null;
    const needed = options.role ?? "developer";
    if (access?.actor?.person && !atLeast(access.actor.person.role, needed)) return { ok: false, message: ROLE_REFUSED };
    let ctx: ActionContext<z.infer<S>, K> | undefined;
    try {
      const raw = from(...args);
      // an action can be called with anything: refuse what PostgreSQL cannot store, as the API does
      assertStorableText(raw, "body");
      const parsed = options.input.safeParse(raw);
      if (!parsed.success) {
        const err = validationError(parsed.error, "body");
        const fields = (err.details?.fields ?? {}) as Record<string, string>;
        const message = (typeof options.invalid === "function" ? options.invalid(fields) : options.invalid) ?? err.message;
        // a form highlights its fields; a problem with the input as a whole ("body") is not one of them
        const { body: _whole, ...named } = fields;
        const code = "VALIDATION_FAILED";
        return Object.keys(named).length ? { ok: false, message, fields: named, code } : { ok: false, message, code };
      }
      const input = parsed.data as z.infer<S>;
      const asksPerson = options.actor === "person" || Boolean(access?.person);
      if (options.reauth && asksPerson && !(await recentlyReauthenticated())) return { ok: false, message: REAUTH_NEEDED, reauth: true };
      const db = await getDb();
      const ip = clientIp(await headers());
      const actor = (
        merchantId !== null
          ? { ...(access?.actor ?? dashboardMerchant(merchantId)), ip }
          : person
            ? { userId: person.id, email: person.email }
            : options.actor === "payer"
              ? payer(sessionIdOf(input), tokenOf(input))
              : null
      ) as ActorOf<K>;
      ctx = { db, input, actor, ip };

      if (options.rateLimit) {
        const state = await hitRateLimits(db, options.rateLimit, {
          ip,
          merchantId: merchantId ?? undefined,
          sessionId: options.actor === "payer" ? (actor as PayerActor).sessionId : undefined,
        });
        if (state && !state.allowed)
          return {
            ok: false,
            message: (options.tooMany ?? DEFAULT_TOO_MANY)(state.resetSeconds),
            code: "RATE_LIMITED",
            retryAfter: state.resetSeconds,
          };
      }
      if (merchantId === null || options.audit === false) return await handler(ctx);
      const record = (handle: Db) => auditMerchant(handle, actor as MerchantActor, options.audit || options.name, targetOf(input));
      if (options.transaction === false) {
        await record(db);
        return await handler(ctx);
      }
      let ended: unknown;
      const result = await withDeferredHints(() =>
        db.transaction(async (t) => {
          const tx = t as unknown as Db;
          let out: R | undefined;
          try {
            out = await handler({ ...ctx!, db: tx });
          } catch (err) {
            // a redirect() or notFound() ends the action as Next.js wants: what it changed stays, audited
            if (!isNextControlFlow(err)) throw err;
            ended = err;
          }
          await record(tx);
          return out;
        }),
      );
      if (ended) throw ended;
      return result!;
    } catch (err) {
      unstable_rethrow(err); // redirect() and notFound() from a handler are Next.js's, not failures
      const result = toFailure(err, options.name);
      if (ctx && options.alsoOnFailure) Object.assign(result, await options.alsoOnFailure(ctx).catch(() => ({})));
      return result;
    }
  };
  // with tracing on, each call runs in a span of its own
  const traced = (...args: A) =>
    inSpan(
      `action ${options.name}`,
      {
        kind: SpanKind.SERVER,
        attributes: { "checkout.action": options.name, "checkout.request_id": currentRequestId() },
        failsOn: (err) => !isNextControlFlow(err),
      },
      async (span) => {
        const result = await run(...args);
        if (span) {
          const failed = !result.ok && (result.message === GENERIC_FAILURE || result.message === UNAVAILABLE_FAILURE);
          span.setAttribute("checkout.outcome", result.ok ? "ok" : failed ? "failed" : "refused");
          if (failed) failSpan(span, result.message === UNAVAILABLE_FAILURE ? "unavailable" : "internal");
        }
        if (result.ok) return result;
        // the client hears the message (reworded, when the action says how), never the kind
        const { code: _code, retryAfter: _retryAfter, ...refused } = result as Refusal;
        return options.reword ? { ...refused, message: await options.reword(result as Refusal) } : refused;
      },
    );
  return traced as (...args: A) => Promise<R | (ActionFailure & Partial<F>)>;
}

/** A redirect or notFound() from Next.js: how an action ends, not a failure. */
function isNextControlFlow(err: unknown): boolean {
  try {
    unstable_rethrow(err);
    return false;
  } catch {
    return true;
  }
}

/** What a dashboard action acted on, for the audit trail: the id its input names, if any. */
function targetOf(input: unknown): string | null {
  const id = (input as { id?: unknown; webhookId?: unknown } | null)?.id ?? (input as { webhookId?: unknown } | null)?.webhookId;
  return typeof id === "string" ? id : null;
}

/** What an action that needs a recent re-authentication says without one. */
export const REAUTH_NEEDED = "Confirm it is you first: enter your password again.";

/** What an action says to a person whose role does not allow it (the interface does not offer it). */
export const ROLE_REFUSED = "Your role does not allow this. Ask an owner of this account.";

/** A v1 order's token, when the payer's link carried one. */
function tokenOf(input: unknown): string | undefined {
  const token = (input as { token?: unknown } | null)?.token;
  return typeof token === "string" && token ? token : undefined;
}

function sessionIdOf(input: unknown): string {
  const id = (input as { sessionId?: unknown } | null)?.sessionId;
  if (typeof id !== "string") throw new Error("a payer action's input schema must have a sessionId");
  return id;
}
