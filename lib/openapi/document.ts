import { z } from "zod";
import { ERROR_STATUS } from "@/lib/core/errors";
import { EVENT_TYPES, TEST_EVENT_TYPE } from "@/lib/events/types";
import { type Handler, MAX_BODY_BYTES, type RouteDoc, type RouteFacts } from "@/lib/http/route";
import { RATE_RULES, type RateRule } from "@/lib/limits/rate-limit";
import { emptyBody } from "@/lib/core/fields";
import * as R from "./responses";
import { DATA, type DataName, TAGS } from "./names";
import { V1_ORDER_NAMED } from "./v1-orders";
import { V1_WEBHOOK_EVENTS, V1_WEBHOOK_NAMED } from "./v1-webhooks";

// The OpenAPI 3.1 document of the merchant API, built from the route handlers themselves: each
// route() declares its auth, request schemas, limits and doc (lib/http/route.ts), and its file's place
// in app/api is its path (app/api/route-modules.ts). The answers' schemas are ./responses.ts and
// ./v1-*.ts. Served at GET /api/openapi.json and checked against every answer of the API test suite
// (tests/support/api.ts).

type JsonSchema = Record<string, unknown>;

type Method = "get" | "post" | "patch" | "delete";

/** One operation of the document: a route's facts (lib/http/route.ts) at its path and method. */
export type Operation = Omit<RouteDoc, "status" | "data"> & {
  data: DataName;
  method: Method;
  /** OpenAPI path template, e.g. /api/webhooks/{id} */
  path: string;
  /** merchantOrToken: the merchant's key, or a v1 order's token (GET /api/v1/orders/{id}). */
  auth: "merchant" | "public" | "merchantOrToken";
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  status: 200 | 201;
  /** 1 for /api/v1/… operations: their error answers also carry errorCode. */
  generation?: 1;
  /** Whether success answers carry RateLimit-* headers (every route with a key or a token does; public ones with a rule). */
  rateLimited: boolean;
  /** Sent with an Idempotency-Key, a retry replays the stored answer. */
  idempotent: boolean;
  /** One line on the rate limit, for the description. */
  limit?: string;
};

/** A route module of app/api and its OpenAPI path (app/api/route-modules.ts lists them all). */
export type RouteModule = { path: string; module: Record<string, unknown> };

const perWindow = (r: RateRule) => (r.windowMs === 60_000 ? `${r.limit} per minute` : `${r.limit} per ${r.windowMs / 60_000} minutes`);
const PER: Record<RateRule["by"], string> = { merchant: "merchant", ip: "client address", session: "session", account: "account" };

/** The operation a route handler describes (its facts), at the path and method it is served at. */
export function operationOf(path: string, method: Method, facts: RouteFacts): Operation {
  const auth = facts.auth ?? "merchant";
  const where = `${method.toUpperCase()} ${path}`;
  if (auth === "payer") throw new Error(`${where}: the payer's own routes are not part of the merchant API`);
  if (!TAGS.some((t) => t.name === facts.doc.tag)) throw new Error(`${where}: no tag "${facts.doc.tag}" in lib/openapi/names.ts`);
  if (!(facts.doc.data in DATA)) throw new Error(`${where}: no answer schema "${facts.doc.data}" in lib/openapi/names.ts`);
  // the rules this route adds to the merchant-wide one every route with a key counts
  const rules = [facts.rateLimit ?? []].flat().filter((r) => r !== RATE_RULES.merchantDefault);
  const idempotent = method === "post" && auth !== "public" && facts.idempotent !== false;
  const asObject = (s: z.ZodType | undefined) => (s === undefined ? undefined : (s as z.ZodObject));
  return {
    ...facts.doc,
    data: facts.doc.data as DataName,
    method,
    path,
    auth: auth === "merchantOrPayer" ? "merchantOrToken" : auth,
    params: asObject(facts.params),
    query: asObject(facts.query),
    body: facts.body,
    status: facts.doc.status ?? 200,
    generation: facts.generation === 1 ? 1 : undefined,
    rateLimited: auth !== "public" || facts.rateLimit !== undefined,
    idempotent,
    errors: [...(facts.doc.errors ?? []), ...(idempotent ? [409] : [])],
    limit: rules.length ? rules.map((r) => `${perWindow(r)} per ${PER[r.by]}`).join(", and ") : undefined,
  };
}

const METHODS: Method[] = ["get", "post", "patch", "delete"];

/** Every operation the route modules serve, in their order. */
export function operationsOf(routes: RouteModule[]): Operation[] {
  return routes.flatMap(({ path, module }) =>
    METHODS.flatMap((method) => {
      const facts = (module[method.toUpperCase()] as Handler | undefined)?.facts;
      return facts ? [operationOf(path, method, facts)] : [];
    }),
  );
}

// ---------------------------------------------------------------- JSON Schema from zod

/** Drops what zod emits for its own use and clutters the document: $schema, and iso datetime's long pattern. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  const v = value as Record<string, unknown>;
  for (const [k, child] of Object.entries(v)) {
    if (k === "$schema" || k === "$id") continue;
    if (k === "pattern" && v.format === "date-time") continue;
    if ((k === "minimum" || k === "maximum") && Math.abs(child as number) === Number.MAX_SAFE_INTEGER) continue;
    out[k] = tidy(child);
  }
  return out;
}

const requestSchema = (schema: z.ZodType): JsonSchema =>
  tidy(z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" })) as JsonSchema;

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

// ---------------------------------------------------------------- headers

const HEADERS = {
  "X-Request-Id": {
    description:
      "The request's id: the X-Request-Id the client sent (first 100 characters), or a generated UUID. Quote it in support requests.",
    schema: { type: "string" },
  },
  "RateLimit-Limit": { description: "Requests allowed in the current window", schema: { type: "string", pattern: "^\\d+$" } },
  "RateLimit-Remaining": { description: "Requests left in the current window", schema: { type: "string", pattern: "^\\d+$" } },
  "RateLimit-Reset": { description: "Seconds until the window resets", schema: { type: "string", pattern: "^\\d+$" } },
  "Retry-After": { description: "Seconds to wait before retrying", schema: { type: "string", pattern: "^\\d+$" } },
  "Idempotent-Replayed": {
    description: "true when this is the stored answer to an earlier request with the same Idempotency-Key",
    schema: { type: "string", enum: ["true"] },
  },
  Allow: { description: "The methods this path serves", schema: { type: "string" } },
} as const;

type HeaderName = keyof typeof HEADERS;
const header = (name: HeaderName, required: boolean) => ({ name, required });

/** Component name of a header: the header's own name when required, with ".optional" when not. */
const headerComponent = (name: HeaderName, required: boolean) => (required ? name : `${name}.optional`);

function responseHeaders(list: { name: HeaderName; required: boolean }[]) {
  return Object.fromEntries(list.map(({ name, required }) => [name, { $ref: `#/components/headers/${headerComponent(name, required)}` }]));
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  400: "Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof",
  401: "UNAUTHENTICATED: the X-API-Key header is missing or not a live key",
  403: "FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED: the Allow header lists the methods this path serves",
  409: "Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage)",
  413: `PAYLOAD_TOO_LARGE: the body is over ${MAX_BODY_BYTES / 1024} KiB`,
  429: "RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds",
  500: "INTERNAL: the message names the request id",
  503: "UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST)",
};

// ---------------------------------------------------------------- the document

export const OPENAPI_VERSION = "3.1.0";

function build(operations: Operation[]) {
  const registry = z.registry<{ id: string }>();
  const named: [z.ZodType, string][] = [
    [R.merchant, "Merchant"],
    [R.createdMerchant, "MerchantWithApiKey"],
    [R.session, "Session"],
    [R.order, "Order"],
    [R.quote, "Quote"],
    [R.sessionDetail, "SessionDetail"],
    [R.refund, "Refund"],
    [R.webhook, "Webhook"],
    [R.data.createdWebhook, "WebhookWithSecret"],
    [R.data.rotatedWebhook, "WebhookWithRotatedSecret"],
    [R.delivery, "Delivery"],
    [R.data.deliveryDetail, "DeliveryDetail"],
    [R.event, "Event"],
    [R.eventPayload, "EventPayload"],
    [R.testEventPayload, "WebhookTestEvent"],
    [R.plainError, "PlainError"],
  ];
  for (const [schema, id] of [...named, ...V1_WEBHOOK_NAMED, ...V1_ORDER_NAMED]) registry.add(schema, { id });

  // one envelope per (responseObject, status) and one per error status
  const envelopes = new Map<string, string>();
  for (const op of operations) {
    if (op.path === "/api/openapi.json") continue;
    const id = `${pascal(op.data)}${op.status === 201 ? "Created" : ""}Response`;
    if (!envelopes.has(id)) {
      envelopes.set(id, id);
      registry.add(R.successEnvelope(DATA[op.data], op.status), { id });
    }
  }
  const errorStatuses = [...new Set(Object.values(ERROR_STATUS))].sort();
  for (const status of errorStatuses) registry.add(R.errorEnvelope(status), { id: `Error${status}` });
  for (const status of errorStatuses) registry.add(R.errorEnvelope(status, 1), { id: `V1Error${status}` });
  for (const e of V1_WEBHOOK_EVENTS) if (e.schema) registry.add(e.schema, { id: e.id });
  const eventSchemas = EVENT_TYPES.map((type) => {
    const id = `${type.split(/[._]/).map(pascal).join("")}Event`;
    registry.add(R.eventPayloadOf(type).meta({ description: `The ${type} event, as POSTed to webhooks` }), { id });
    return { type, id };
  });

  const schemas = tidy(
    z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io: "output", unrepresentable: "any" }).schemas,
  ) as Record<string, JsonSchema>;
  // a method or path no route serves answers in the generation its path names (/api/v1/…: with errorCode)
  for (const status of [404, 405]) schemas[`AnyError${status}`] = { anyOf: [ref(`Error${status}`), ref(`V1Error${status}`)] };

  const errorResponse = (status: number, headers: { name: HeaderName; required: boolean }[], generation?: 1) => ({
    description: STATUS_TEXT[status] ?? "Error",
    headers: responseHeaders(headers),
    content: { "application/json": { schema: ref(`${generation === 1 ? "V1" : ""}Error${status}`) } },
  });

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const parameters: unknown[] = [];
    for (const [where, obj] of [
      ["path", op.params],
      ["query", op.query],
    ] as const) {
      if (!obj) continue;
      for (const [name, field] of Object.entries(obj.shape)) {
        const f = field as z.ZodType;
        parameters.push({
          name,
          in: where,
          required: where === "path" || !f.safeParse(undefined).success,
          schema: requestSchema(f),
        });
      }
    }
    if (op.idempotent) parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });

    const base = [header("X-Request-Id", true)];
    const limited = op.rateLimited
      ? [header("RateLimit-Limit", true), header("RateLimit-Remaining", true), header("RateLimit-Reset", true)]
      : [];
    const limitedIfCounted = op.rateLimited
      ? [header("RateLimit-Limit", false), header("RateLimit-Remaining", false), header("RateLimit-Reset", false)]
      : [];
    const replay = op.idempotent ? [header("Idempotent-Replayed", false)] : [];

    const responses: Record<string, unknown> = {};
    if (op.path === "/api/openapi.json") {
      responses["200"] = {
        description: "The OpenAPI document",
        headers: responseHeaders([...base]),
        content: { "application/json": { schema: { type: "object", required: ["openapi", "info", "paths"] } } },
      };
    } else {
      responses[String(op.status)] = {
        description: STATUS_TEXT[op.status],
        headers: responseHeaders([...base, ...limited, ...replay]),
        content: { "application/json": { schema: ref(`${pascal(op.data)}${op.status === 201 ? "Created" : ""}Response`) } },
      };
    }
    if (op.path === "/api/openapi.json") {
      for (const status of [400, 500, 503])
        responses[String(status)] = {
          description: STATUS_TEXT[status],
          headers: responseHeaders([...base, ...(status === 503 ? [header("Retry-After", true)] : [])]),
          content: { "application/json": { schema: ref("PlainError") } },
        };
    }
    const errors = new Set<number>(op.path === "/api/openapi.json" ? [] : [400, 500, 503, ...(op.errors ?? [])]);
    if (op.auth === "merchant") [401, 403].forEach((s) => errors.add(s));
    if (op.rateLimited) errors.add(429);
    for (const status of [...errors].sort()) {
      const extra =
        status === 429
          ? [...limited, header("Retry-After", true)]
          : status === 503
            ? [...limitedIfCounted, header("Retry-After", true)]
            : limitedIfCounted;
      responses[String(status)] = errorResponse(status, [...base, ...extra, ...(status < 500 ? replay : [])], op.generation);
    }

    const description = [op.description, op.limit ? `Rate limit: ${op.limit}.` : ""].filter(Boolean).join(" ");
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.summary,
      description,
      security:
        op.auth === "merchant"
          ? [{ apiKey: [] }]
          : op.auth === "merchantOrToken"
            ? [{ apiKey: [] }, { orderToken: [] }, { orderTokenHeader: [] }]
            : [],
      ...(parameters.length ? { parameters } : {}),
      ...(op.body
        ? {
            requestBody: {
              // the bodyless actions (payment sent, cancel, test, rotate, retry) take no body, or {}
              required: op.body !== emptyBody,
              content: { "application/json": { schema: requestSchema(op.body), ...(op.example ? { example: op.example } : {}) } },
            },
          }
        : {}),
      responses,
    };
  }

  const signatureHeaders = [
    ["X-Webhook-Id", "The event id (evt_…); the same on every retry, so dedupe on it"],
    ["X-Webhook-Timestamp", "Unix seconds of this attempt"],
    [
      "X-Webhook-Signature",
      'Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated',
    ],
    ["webhook-id", "Standard Webhooks: the event id"],
    ["webhook-timestamp", "Standard Webhooks: Unix seconds of this attempt"],
    [
      "webhook-signature",
      'Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation',
    ],
  ].map(([name, description]) => ({ name, in: "header", required: true, description, schema: { type: "string" } }));

  const webhook = (id: string, summary: string, description: string) => ({
    post: {
      summary,
      description,
      parameters: signatureHeaders,
      requestBody: { required: true, content: { "application/json": { schema: ref(id) } } },
      responses: {
        "2XX": {
          description: "Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md",
        },
      },
    },
  });

  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: "Checkout API",
      version: "1.0.0",
      description:
        "Merchants create checkout sessions for an amount in USDC; payers pay in fiat on a payment platform and the USDC is released to the merchant. " +
        "Every answer is the envelope { success, message, responseObject, statusCode } (and error { code, details } on failure). " +
        "This document is generated from the zod schemas the service validates with.",
    },
    servers: [{ url: "/", description: "This service" }],
    tags: [...TAGS],
    security: [{ apiKey: [] }],
    paths,
    webhooks: {
      ...Object.fromEntries(
        eventSchemas.map(({ type, id }) => [
          type,
          webhook(id, type, `Sent to every active webhook subscribed to ${type} (or to all events).`),
        ]),
      ),
      [TEST_EVENT_TYPE]: webhook("WebhookTestEvent", TEST_EVENT_TYPE, "Sent by POST /api/webhooks/{id}/test only."),
      ...Object.fromEntries(V1_WEBHOOK_EVENTS.map((e) => [e.type, webhook(e.id, e.type, e.description)])),
    },
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "The API key from sign-up (ck_…)" },
        orderToken: { type: "apiKey", in: "query", name: "token", description: "A v1 order's token (otk_…), the payer's credential" },
        orderTokenHeader: { type: "apiKey", in: "header", name: "X-Order-Token", description: "A v1 order's token, as a header" },
      },
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            "1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); " +
            "the same key for a different request answers 409 IDEMPOTENCY_CONFLICT.",
          schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
        },
      },
      headers: Object.fromEntries(
        (Object.keys(HEADERS) as HeaderName[]).flatMap((name) =>
          [true, false].map((required) => [headerComponent(name, required), { ...HEADERS[name], required }]),
        ),
      ),
      responses: {
        MethodNotAllowed: {
          description: STATUS_TEXT[405],
          headers: responseHeaders([header("Allow", true), header("X-Request-Id", true)]),
          content: { "application/json": { schema: ref("AnyError405") } },
        },
        UnknownRoute: {
          description: "NOT_FOUND: no route serves this path, whatever the method",
          headers: responseHeaders([header("X-Request-Id", true)]),
          content: { "application/json": { schema: ref("AnyError404") } },
        },
      },
      schemas,
    },
  };
}

export type OpenApiDocument = ReturnType<typeof build>;

const built = new WeakMap<RouteModule[], OpenApiDocument>();

/** The document of these route modules, built once per process. */
export function buildDocument(routes: RouteModule[]): OpenApiDocument {
  let doc = built.get(routes);
  if (!doc) built.set(routes, (doc = build(operationsOf(routes))));
  return doc;
}
