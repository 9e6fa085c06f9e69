import * as R from "./responses";
import { V1_ORDER_DATA } from "./v1-orders";
import { V1_WEBHOOK_DATA } from "./v1-webhooks";

// The names a route's doc (lib/http/route.ts, RouteDoc) uses: its tag, and its answer's schema;
// building the document refuses any other.

/** The document's tags, in its order: each operation names one. */
export const TAGS = [
  { name: "Service" },
  { name: "Merchants" },
  { name: "Checkout sessions" },
  { name: "Orders" },
  { name: "Refunds", description: "Money given back to a payer: claimed by the payer, sent by the merchant's wallet (extension)" },
  { name: "Events" },
  { name: "Payment links", description: "Reusable links that open a fresh checkout for each payer (extension)" },
  { name: "Webhook endpoints", description: "Endpoints that receive events; the events themselves are in the webhooks section" },
  { name: "Orders (v1)", description: "The v1 API (/api/v1/…): orders, their payments, the merchant profile" },
  { name: "Webhook endpoints (v1)", description: "v1 endpoints (/api/v1/webhooks): they receive the v1 events (ORDER_*, PAYMENT_*) only" },
] as const;

/** Every operation's responseObject, by name: v0's (./responses.ts) and v1's (./v1-*.ts). */
export const DATA = { ...R.data, ...V1_WEBHOOK_DATA, ...V1_ORDER_DATA };
export type DataName = keyof typeof DATA;
