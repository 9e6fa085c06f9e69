import crypto from "node:crypto";
import { z } from "zod";
import { type Db, getDb } from "@/db/client";
import { sha256Hex } from "@/lib/crypto";
import { type Actor, apiMerchant, type MerchantActor, type PayerActor, payer } from "@/lib/core/actor";
import { AppError, isDatabaseUnavailable } from "@/lib/core/errors";
import { currentRequestId, errorFields, logger, withLogContext } from "@/lib/core/logger";
import { inRequestSpan, isTracing } from "@/lib/tracing";
import { type AuthedMerchant, authenticateApiKey } from "@/lib/merchants/service";
import { clientAddress } from "@/lib/limits/client-ip";
import { errorEnvelope, type Generation, jsonResponse, successEnvelope } from "./envelope";
import { setApiSecurityHeaders } from "./security-headers";
import { getConfig } from "@/lib/core/config";
import { assertAuditRoom, auditMerchant } from "@/lib/audit";
import { withDeferredHints } from "@/lib/jobs";
import { abandonIdempotent, beginIdempotent, finishIdempotent, IDEMPOTENCY_KEY_PATTERN, runIdempotent, storedAnswer } from "./idempotency";
import {
  checkFailedAuth,
  countFailedAuth,
  hitRateLimits,
  PAYER_LIMITS,
  RATE_RULES,
  type RateRule,
  type RateState,
  rateLimitHeaders,
} from "@/lib/limits/rate-limit";
import { assertStorableText, parseWith } from "./validation";

export const MAX_BODY_BYTES = 64 * 1024;

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type RouteOptions<P, Q, B> = {
  /**
   * "merchant" (default): X-API-Key required. "public": no key (sign-up). "payer": no key; the
   * actor is the payer of the session that `session` names (the hosted checkout's own routes).
   * "merchantOrPayer": the merchant when the request has an X-API-Key, else the payer whose order
   * token (`?token=` or X-Order-Token) comes with the session that `session` names (GET /api/v1/orders/:id).
   */
  auth?: "merchant" | "public" | "payer" | "merchantOrPayer";
  /** false: the route never touches the database (liveness), so it answers while the database is away; only with auth "public". */
  database?: false;
  /** For auth "payer": where the request names its session (unvalidated; an unknown id is the service's 404). */
  session?: (raw: { params: Record<string, unknown>; query: Record<string, string> }) => string;
  /** Counted address rules first, up to the first that refuses (hitRateLimits). Merchant routes default to the merchant-wide rule. */
  rateLimit?: RateRule | readonly RateRule[];
  /** The 429 message (default "Too many requests"). */
  tooMany?: (retryAfterSeconds: number) => string;
  /**
   * "envelope" (default): the API's envelope. "plain": the page's own fetches get the data itself,
   * and `{ error: message }` on failure, with the same statuses, headers and logging.
   */
  answer?: "envelope" | "plain";
  /** The API generation (envelope.ts): 1 for /api/v1/… routes, whose errors also carry `errorCode`. */
  generation?: Generation;
  /** Headers on every answer of this route, failures included. */
  headers?: Record<string, string>;
  params?: P;
  query?: Q;
  body?: B;
  /** Idempotency-Key support; on by default for authenticated POSTs. */
  idempotent?: boolean;
  /**
   * With an Idempotency-Key, the handler runs in one transaction with the key's claim and answer
   * (default). Routes that wait on the network (a webhook test) set false: their key is claimed and
   * answered in statements of their own instead, so no transaction stays open while they wait.
   */
  atomic?: boolean;
  /**
   * What the handler needs from the network (a real rail's quotes, the price feed), asked before any
   * transaction is opened: an Idempotency-Key's transaction, or an audited change's, would otherwise
   * hold a pooled connection while it waits, and a quote reads the database on a second one (a
   * handful of such requests at once would exhaust the pool and wait for ever). It runs on the pool,
   * after validation and after a replay is ruled out; the handler gets its answer as `prepared`, and
   * checks what it priced against the rows it locks. A client error it throws is the request's answer.
   */
  prepare?: (ctx: RouteContext<P, Q, B, never, never>) => Promise<unknown>;
  /**
   * The audit trail's name for what this route changes (lib/audit/index.ts): written when a
   * merchant's request succeeds, in the change's own transaction (with an idempotent answer, that
   * one), with the key, the client's address and the id it acted on. A route with atomic: false
   * writes it after its answer, outside any transaction.
   */
  audit?: string;
  /**
   * What the OpenAPI document says of this route beside what the options above already say (its
   * auth, schemas, limits, idempotency and generation): lib/openapi/document.ts reads both from the
   * handler, and the document's path and method are the route file's own (app/api/route-modules.ts).
   */
  doc?: RouteDoc;
};

export type RouteDoc = {
  operationId: string;
  /** One of the document's tags (lib/openapi/names.ts, TAGS). */
  tag: string;
  summary: string;
  description: string;
  /** The success answer's responseObject, by its name in lib/openapi (names.ts, DATA). */
  data: string;
  /** 201 for a route that creates; 200 when absent. */
  status?: 201;
  /** Client errors it answers besides those every operation may (400, 401/403 with a key, 409 for an idempotent POST, 429, 500, 503). */
  errors?: number[];
  /** An example request body, which the body schema must accept. */
  example?: Record<string, unknown>;
};

/** What a route handler tells the OpenAPI document: its options, with their doc. */
export type RouteFacts = Pick<
  RouteOptions<Schema | undefined, Schema | undefined, Schema | undefined>,
  "auth" | "params" | "query" | "body" | "rateLimit" | "generation" | "idempotent" | "answer"
> & { doc: RouteDoc };

export type RouteContext<P, Q, B, A, C extends Actor | null = Actor | null> = {
  db: Db;
  /** Who is asking: the merchant of the key, or the payer of the session; null on public routes. */
  actor: C;
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  requestId: string;
  ip: string;
  /** Aborts when the client goes away: a handler that waits (a long-poll) stops waiting. */
  signal: AbortSignal;
  /** The request, for what the rest does not carry (the payer's page reads its language from it). */
  req: Request;
};

export type RouteResult = { status?: number; message: string; data?: unknown; headers?: Record<string, string> };

type PreparedOf<O> = O extends { prepare: (ctx: never) => Promise<infer R> } ? R : undefined;

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type Handler = ((req: Request, ctx: NextContext) => Promise<Response>) & { facts?: RouteFacts };

/** The client's address: the connection's own, or the one our trusted proxies forwarded (client-ip.ts). */
export function clientIp(headers: Headers): string {
  return clientAddress(headers);
}

/** Reads at most MAX_BODY_BYTES of the body, whatever Content-Length claims. */
async function readBody(req: Request): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds ${MAX_BODY_BYTES / 1024} KiB`);

const readOnlyKey = (method: string) =>
  new AppError(
    "FORBIDDEN",
    `This API key is read-only: it may only read (GET), not ${method}. Use a key with full access, which a developer or owner can create in the dashboard (Developers).`,
  );

function parseJson(text: string): unknown {
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("INVALID_JSON", "Invalid JSON body");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new AppError("VALIDATION_FAILED", "body: must be a JSON object");
  }
  return value;
}

type ErrorWriter = (err: AppError, headers: Record<string, string>) => Response;
const envelopeError: ErrorWriter = (err, headers) => jsonResponse(errorEnvelope(err), headers);
const v1EnvelopeError: ErrorWriter = (err, headers) => jsonResponse(errorEnvelope(err, 1), headers);
const plainError: ErrorWriter = (err, headers) => Response.json({ error: err.message }, { status: err.status, headers });

/** A client error's envelope, stored as the answer to its Idempotency-Key; server errors are not answers. */
function clientErrorAnswer(err: unknown, generation: Generation = 0): { status: number; body: string } | undefined {
  if (!(err instanceof AppError) || err.status >= 500) return undefined;
  const envelope = errorEnvelope(err, generation);
  return { status: envelope.statusCode, body: JSON.stringify(envelope) };
}

/** The request's id: the client's X-Request-Id (first 100 characters), or a new UUID. Every answer carries it. */
const requestIdOf = (req: Request) => (req.headers.get("x-request-id") ?? "").slice(0, 100) || crypto.randomUUID();

function toErrorResponse(err: unknown, requestId: string, headers: Record<string, string>, write: ErrorWriter = envelopeError): Response {
  if (err instanceof AppError) return write(err, headers);
  if (isDatabaseUnavailable(err)) {
    logger.warn("database unavailable", { requestId });
    return write(new AppError("UNAVAILABLE", `The service is briefly unavailable; retry shortly (request ${requestId})`), {
      ...headers,
      "Retry-After": "2",
    });
  }
  logger.error("unhandled error", { requestId, ...errorFields(err) });
  return write(new AppError("INTERNAL", `Internal server error (request ${requestId})`), headers);
}

function rateLimited(state: RateState, headers: Record<string, string>, message = "Too many requests"): AppError {
  Object.assign(headers, rateLimitHeaders(state), { "Retry-After": String(state.resetSeconds) });
  return new AppError("RATE_LIMITED", message, { limit: state.limit, retryAfterSeconds: state.resetSeconds });
}

/**
 * The merchant of an API key. An address that has sent too many keys that fail is refused before
 * its next key is looked up, whichever key it is; a key that fails spends one of its address's failures.
 */
async function authenticated(db: Db, apiKey: string | null, ip: string, headers: Record<string, string>): Promise<AuthedMerchant> {
  const refused = checkFailedAuth(db, ip);
  if (refused)
    throw rateLimited(refused, headers, `Too many requests with an invalid API key; try again in ${refused.resetSeconds} seconds`);
  try {
    return await authenticateApiKey(db, apiKey);
  } catch (err) {
    // a request without a key costs no lookup; one with a key that opens nothing is an attempt
    if (apiKey && err instanceof AppError && err.code === "UNAUTHENTICATED") await countFailedAuth(db, ip);
    throw err;
  }
}

type AuthOf<O> = O extends { auth: infer A } ? A : "merchant";
type MerchantOf<O> = AuthOf<O> extends "merchant" ? AuthedMerchant : null;
type ActorOf<O> =
  AuthOf<O> extends "merchant"
    ? MerchantActor
    : AuthOf<O> extends "payer"
      ? PayerActor
      : AuthOf<O> extends "merchantOrPayer"
        ? MerchantActor | PayerActor
        : null;

/**
 * The one wrapper for every merchant API route: request id, body limit, JSON parsing, API-key auth,
 * rate limit, idempotency, validation, then the handler; every error becomes the envelope.
 */
export function route<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  const O extends RouteOptions<P, Q, B> = RouteOptions<P, Q, B>,
>(
  options: O & RouteOptions<P, Q, B>,
  handler: (ctx: RouteContext<P, Q, B, MerchantOf<O>, ActorOf<O>> & { prepared: PreparedOf<O> }) => Promise<RouteResult>,
): Handler {
  const auth = options.auth ?? "merchant";
  const plain = options.answer === "plain";
  const generation = options.generation ?? 0;
  const serve = async (req: Request, nextCtx: NextContext, requestId: string): Promise<Response> => {
    const headers: Record<string, string> = { ...options.headers, "X-Request-Id": requestId };
    let idem: { db: Db; scope: string; key: string; requestHash: string; atomic: boolean } | undefined;
    try {
      const hasBody = req.method !== "GET" && req.method !== "HEAD" && req.method !== "DELETE";
      const rawBody = hasBody ? await readBody(req) : "";
      const json = options.body ? parseJson(rawBody) : rawBody.trim() ? parseJson(rawBody) : undefined;

      const db = options.database === false && auth === "public" ? (undefined as unknown as Db) : await getDb();
      const ip = clientIp(req.headers);
      const keyed = auth === "merchant" || (auth === "merchantOrPayer" && req.headers.has("x-api-key"));
      const merchant = keyed ? await authenticated(db, req.headers.get("x-api-key"), ip, headers) : null;
      const rawParams = await nextCtx.params;
      const query = Object.fromEntries(new URL(req.url).searchParams);
      const token = query.token ?? req.headers.get("x-order-token") ?? undefined;
      if (auth === "merchantOrPayer" && !merchant && !token) {
        throw new AppError("UNAUTHENTICATED", "Send the merchant's X-API-Key, or the order's token as ?token= or X-Order-Token");
      }
      const actor: Actor | null = merchant
        ? apiMerchant(merchant)
        : auth === "payer" || auth === "merchantOrPayer"
          ? payer(options.session?.({ params: rawParams, query }) ?? "", token)
          : null;

      const rules =
        options.rateLimit ?? (merchant ? RATE_RULES.merchantDefault : auth === "merchantOrPayer" ? PAYER_LIMITS.status : undefined);
      if (rules) {
        const state = await hitRateLimits(db, rules, {
          ip,
          merchantId: merchant?.merchantId,
          sessionId: actor?.kind === "payer" ? actor.sessionId : undefined,
        });
        if (state && !state.allowed) throw rateLimited(state, headers, options.tooMany?.(state.resetSeconds));
        if (state) Object.assign(headers, rateLimitHeaders(state));
      }
      // a read-only key reads: every route that is not a GET may change something (or send a webhook)
      if (merchant?.scope === "read" && req.method !== "GET" && req.method !== "HEAD") throw readOnlyKey(req.method);
      // an audited change is refused before it is made once the account has spent this hour's audited
      // writes (lib/audit): its record may follow its answer (atomic: false), and a refusal is no
      // answer to keep for an Idempotency-Key
      if (options.audit && merchant) await assertAuditRoom(db, merchant.merchantId);

      const idemKey = req.headers.get("idempotency-key");
      if (idemKey !== null && req.method === "POST" && merchant && options.idempotent !== false) {
        if (!IDEMPOTENCY_KEY_PATTERN.test(idemKey)) {
          throw new AppError("VALIDATION_FAILED", "Idempotency-Key: must be 1-255 visible ASCII characters");
        }
        const url = new URL(req.url);
        const requestHash = sha256Hex(`${req.method} ${url.pathname}${url.search}\n${rawBody}`);
        idem = { db, scope: merchant.merchantId, key: idemKey, requestHash, atomic: options.atomic !== false };
      }

      const contextFor = (handlerDb: Db) => {
        assertStorableText(rawParams, "params");
        assertStorableText(query, "query");
        if (json !== undefined) assertStorableText(json, "body");
        return {
          db: handlerDb,
          actor,
          requestId,
          ip,
          signal: req.signal,
          req,
          params: options.params ? parseWith(options.params, rawParams, "params") : undefined,
          query: options.query ? parseWith(options.query, query, "query") : undefined,
          body: options.body ? parseWith(options.body, json, "body") : undefined,
        } as RouteContext<P, Q, B, never, never>;
      };
      // what `prepare` answered (or threw: rethrown where the handler would run, so that a client
      // error is stored as an Idempotency-Key's answer as any other)
      let prepared: { value: unknown } | { error: unknown } | undefined;
      const respond = async (handlerDb: Db) => {
        const ctx = contextFor(handlerDb);
        if (prepared && "error" in prepared) throw prepared.error;
        const result = await handler({ ...ctx, prepared: prepared?.value } as never);
        const status = result.status ?? 200;
        if (options.audit && actor?.kind === "merchant" && status < 400) {
          const target = (ctx.params as { id?: unknown } | undefined)?.id ?? (result.data as { id?: unknown } | undefined)?.id;
          await auditMerchant(handlerDb, { ...actor, ip }, options.audit, typeof target === "string" ? target : null);
        }
        const body = plain ? JSON.stringify(result.data ?? null) : JSON.stringify(successEnvelope(status, result.message, result.data));
        return { status, body, headers: result.headers };
      };
      const replay = (answer: { status: number; body: string }) =>
        new Response(answer.body, {
          status: answer.status,
          // a replay may carry a one-time secret (a new webhook's signing secret): never cached, like the first answer
          headers: {
            "content-type": "application/json; charset=utf-8",
            "cache-control": "no-store",
            "Idempotent-Replayed": "true",
            ...headers,
          },
        });

      if (options.prepare) {
        // an answer stored already is replayed as it is: nothing is asked of the network for it
        const stored = idem?.atomic ? await storedAnswer(db, idem.scope, idem.key, idem.requestHash) : undefined;
        if (stored) return replay(stored);
        try {
          prepared = { value: await options.prepare(contextFor(db)) };
        } catch (error) {
          prepared = { error };
        }
      }
      let answer: Awaited<ReturnType<typeof respond>>;
      if (idem?.atomic) {
        const out = await runIdempotent(db, idem.scope, idem.key, idem.requestHash, respond, (e) => clientErrorAnswer(e, generation));
        if (out.kind === "replay") return replay(out);
        if (out.kind === "failed") {
          idem = undefined; // its answer is stored already
          throw out.error;
        }
        answer = out;
      } else if (idem) {
        const started = await beginIdempotent(db, idem.scope, idem.key, idem.requestHash);
        if (started.kind === "replay") {
          idem = undefined; // the stored answer stays as it is
          return replay(started);
        }
        answer = await respond(db);
        await finishIdempotent(db, idem.scope, idem.key, answer.status, answer.body);
      } else if (options.audit && actor?.kind === "merchant" && options.atomic !== false) {
        // the change and its audit record commit together or not at all; what the change hints to the
        // background work is heard after the commit (a route that waits on the network, atomic: false,
        // holds no transaction open: its record follows its answer)
        answer = await withDeferredHints(() => db.transaction((t) => respond(t as unknown as Db)));
      } else {
        answer = await respond(db);
      }
      return new Response(answer.body, {
        status: answer.status,
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers, ...answer.headers },
      });
    } catch (err) {
      // every "too many" answer (a rate limit, the caps on open live payments) says when to come back
      const retryAfter = err instanceof AppError && err.status === 429 ? err.details?.retryAfterSeconds : undefined;
      if (typeof retryAfter === "number") headers["Retry-After"] ??= String(retryAfter);
      // a service the request needed is down (the real rail's attestation service): retry later
      if (err instanceof AppError && err.code === "UNAVAILABLE") headers["Retry-After"] ??= String(err.details?.retryAfterSeconds ?? 30);
      const response = toErrorResponse(err, requestId, headers, plain ? plainError : generation === 1 ? v1EnvelopeError : envelopeError);
      if (idem) {
        // a client error is the answer to this request and replays; a server error may be retried
        // (an atomic run has already rolled back everything it wrote, its claim included)
        const text = response.status < 500 ? await response.clone().text() : "";
        if (idem.atomic) {
          // rolled back before its handler ran (the key was in use, or the database went away):
          // there is nothing to keep
        } else if (response.status >= 500) await abandonIdempotent(idem.db, idem.scope, idem.key).catch(() => {});
        else await finishIdempotent(idem.db, idem.scope, idem.key, response.status, text).catch(() => {});
      }
      return response;
    }
  };
  // with tracing on, the work runs in the request's span
  const traced = (req: Request, nextCtx: NextContext, requestId: string) =>
    isTracing() ? inRequestSpan(req, requestId, () => serve(req, nextCtx, requestId)) : serve(req, nextCtx, requestId);
  // every log line of the request's work carries its id (the service's server has set it already)
  const handle: Handler = async (req, nextCtx) => {
    const requestId = requestIdOf(req);
    return secured(
      await (currentRequestId() === requestId
        ? traced(req, nextCtx, requestId)
        : withLogContext({ requestId }, () => traced(req, nextCtx, requestId))),
    );
  };
  if (options.doc) {
    const { auth, params, query, body, rateLimit, generation, idempotent, answer, doc } = options;
    handle.facts = { auth, params, query, body, rateLimit, generation, idempotent, answer, doc };
  }
  return handle;
}

/**
 * Every answer of an API route gets the API's security headers here: the proxy (proxy.ts) does not run
 * for the routes this module serves, which spares each API request the framework's proxy step.
 */
const secured = (res: Response) => setApiSecurityHeaders(res, getConfig().appUrl.startsWith("https:"));

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/** Fills every method a route does not serve with a 405 envelope naming the ones it does. */
const generationOf = (req: Request): Generation => (new URL(req.url).pathname.startsWith("/api/v1/") ? 1 : 0);

export function methods(served: Partial<Record<Method, Handler>>): Record<Method, Handler> {
  const allow = Object.keys(served).join(", ");
  const notAllowed: Handler = async (req) =>
    secured(
      jsonResponse(
        errorEnvelope(new AppError("METHOD_NOT_ALLOWED", `Method ${req.method} is not allowed here; use ${allow}`), generationOf(req)),
        {
          Allow: allow,
          "X-Request-Id": requestIdOf(req),
        },
      ),
    );
  return Object.fromEntries(METHODS.map((m) => [m, served[m] ?? notAllowed])) as Record<Method, Handler>;
}

/** The envelope for paths no route serves. */
export const unknownRoute: Handler = async (req) =>
  secured(
    jsonResponse(errorEnvelope(new AppError("NOT_FOUND", `No route for ${req.method} ${new URL(req.url).pathname}`), generationOf(req)), {
      "X-Request-Id": requestIdOf(req),
    }),
  );
