import createClient, { type Client } from "openapi-fetch";
import type { components, operations, paths } from "./schema";

// A typed client for the checkout API. The paths, parameters, bodies, answers and error bodies are
// the service's OpenAPI document (./schema.d.ts, generated from it by openapi-typescript); the calls
// are openapi-fetch's: `client.GET(path, init)`, `client.POST(path, init)`, … each resolving to
// `{ data, error, response }`, with `data` typed by the 2xx answers and `error` by the others.

export type { components, operations, paths };
export type Schemas = components["schemas"];
export type Session = Schemas["Session"];
export type SessionDetail = Schemas["SessionDetail"];
export type Order = Schemas["Order"];
export type Quote = Schemas["Quote"];
export type Webhook = Schemas["Webhook"];
export type Delivery = Schemas["Delivery"];
export type Event = Schemas["Event"];
/** Every failure's envelope: `{ success: false, message, statusCode, error: { code, details? } }`. */
export type ApiError = Schemas[Extract<keyof Schemas, `Error${number}`>];
export type ErrorCode = ApiError["error"]["code"];

export type CheckoutClient = Client<paths>;

export type CheckoutClientOptions = {
  /** The service's address, e.g. `https://pay.example.com` (the paths start with /api). */
  baseUrl: string;
  /** The merchant's API key (`ck_…`), sent as X-API-Key. Leave it out for the routes that need none (sign-up, health). */
  apiKey?: string;
  /** A fetch of your own (tests, a proxy agent, retries); the global fetch by default. */
  fetch?: (input: Request) => Promise<Response>;
  /** Headers to send with every request, beside X-API-Key. */
  headers?: Record<string, string>;
};

/**
 * A client for the checkout API.
 *
 * ```ts
 * const checkout = createCheckoutClient({ baseUrl: "https://pay.example.com", apiKey: process.env.CHECKOUT_API_KEY });
 * const { data, error } = await checkout.POST("/api/checkout/sessions", {
 *   params: { header: { "Idempotency-Key": "order-1001" } },
 *   body: { merchantId, amountUsdc: "50.00", destinationChainId: 8453, destinationToken, recipientAddress },
 * });
 * ```
 *
 * Every authenticated POST takes an optional `Idempotency-Key` header parameter (typed, as the
 * document declares it): a retry with the same key gets the first answer, never a second effect.
 */
export function createCheckoutClient({ baseUrl, apiKey, fetch, headers }: CheckoutClientOptions): CheckoutClient {
  const client = createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ""),
    headers: { ...headers, ...(apiKey ? { "X-API-Key": apiKey } : {}) },
    ...(fetch ? { fetch } : {}),
  });
  return client;
}
