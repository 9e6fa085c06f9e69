// Generated from the service's OpenAPI document by openapi-typescript: do not edit.
// Regenerate with `npm run client:generate`; test/generated.test.ts fails when this file is stale.
export interface paths {
  "/api/checkout/sessions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List sessions
     * @description The merchant's sessions, newest first, keyset-paginated. q matches a session id or any metadata value exactly; exception=open lists the sessions whose exception waits for a person.
     */
    get: operations["listCheckoutSessions"];
    put?: never;
    /**
     * Create a checkout session
     * @description A session for an amount in USDC (checkoutMode exact-token, the default: amountUsdc), or for a fixed fiat price (exact-fiat: fiatAmount, optional fiatCurrency (USD) and maxFeePercentage (10); amountUsdc is refused), and the hosted checkout URL to send the payer to. In exact-fiat the payer pays exactly fiatAmount and the merchant receives the USDC the quote's rate gives, rounded down to micro-USDC; a fiat amount that cannot meet the USDC bounds at today's rates is refused (400). merchantId must be the key's own merchant (403 otherwise). Rate limit: 100 per minute per merchant.
     */
    post: operations["createCheckoutSession"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/checkout/sessions/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a session
     * @description The session's fields directly, with its merchant and its active order (with the order's quote). A due session is expired first. Rate limit: 300 per minute per merchant.
     */
    get: operations["getCheckoutSession"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/checkout/sessions/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a session
     * @description Ends the session unless a payment was reported (409 then). Cancelling a cancelled session answers it as it is.
     */
    post: operations["cancelCheckoutSession"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/checkout/sessions/{id}/order": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get the active order
     * @description The session's active order; 404 when it has none.
     */
    get: operations["getActiveOrder"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/checkout/sessions/{id}/payment-sent": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Report the fiat payment as sent
     * @description The payer has sent the fiat payment. Repeating it answers the order as it is.
     */
    post: operations["markPaymentSent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/checkout/sessions/{id}/refunds": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a session's refunds
     * @description Every refund of the session, oldest first, whatever its status.
     */
    get: operations["listSessionRefunds"];
    put?: never;
    /**
     * Refund a session
     * @description Gives back part or all of what the session's payments paid, less its refunds that are not cancelled or expired (the whole of that when amountUsdc is absent). method claim (the default): the answer's claimUrl is the payer's link, where they say where the USDC goes; the merchant's wallet then sends it, and the refund completes when the transfer is confirmed on-chain (at once on the sandbox). method recorded: the money went back outside the service, and the refund is completed as it is made. More than is left, or a session nobody paid, is a 400 that changes nothing.
     */
    post: operations["createRefund"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/checkout/sessions/{id}/select-platform": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Choose the platform and currency
     * @description Saves the payment platform and fiat currency before checkout starts.
     */
    post: operations["selectPaymentPlatform"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/checkout/sessions/{id}/start": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start checkout
     * @description Creates the order on the chosen platform (or the one saved with select-platform) and returns its quote. 409 while the session has a live order. exact-fiat: 409 FEE_THRESHOLD_EXCEEDED when no platform's spread over the mid rate is within the session's maxFeePercentage, or the chosen platform's is not (details.offeredPlatforms lists those that are).
     */
    post: operations["startCheckout"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List events
     * @description The merchant's events, newest first, keyset-paginated; filter by type or sessionId.
     */
    get: operations["listEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/events/feed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Follow events
     * @description The merchant's events, oldest first, after the cursor ?after (a cursor this feed returned; now: from the present; absent: from the beginning), each with the body its webhook delivery carries. With waitMs it long-polls: it answers as soon as an event arrives, or with none after waitMs. Events appear once they are settled (about 2 seconds, and never while a transaction that may still record an older one is open), so resuming from the cursor skips none.
     */
    get: operations["eventFeed"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/health": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Health check (readiness)
     * @description The same answer as GET /api/health/ready, kept for the monitors that use this path. No API key.
     */
    get: operations["getHealth"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/health/live": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Liveness
     * @description 200 while the process answers, whatever the state of its database or a shutdown under way; 503 once its connection pool is stuck (every connection held, requests waiting, none handed back for longer than DB_STATEMENT_TIMEOUT and DB_IDLE_IN_TRANSACTION_TIMEOUT together). A supervisor restarts a process that fails it. No API key.
     */
    get: operations["getLiveness"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/health/ready": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Readiness
     * @description 200 while this instance can serve: its database answered a statement within 2 s and it is not shutting down. 503 otherwise: a load balancer sends it no requests until it is ready again. No API key.
     */
    get: operations["getReadiness"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/merchants": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign up
     * @description Open sign-up: creates a merchant and its API key. The key is in this response and nowhere else, ever. No API key; limited per client address. Does not honour Idempotency-Key: a retried sign-up gets 409 for the taken name. Rate limit: 20 per 60 minutes per client address.
     */
    post: operations["createMerchant"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/merchants/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a merchant
     * @description Only the key's own merchant: another merchant's id answers 403.
     */
    get: operations["getMerchant"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Update a merchant
     * @description Changes displayName, logoUrl (null removes the logo) and the fee setting; the name never changes. These are an owner's settings: on an account people have claimed, only a key an owner created may change them (any other answers 403 naming the fields).
     */
    patch: operations["updateMerchant"];
    trace?: never;
  };
  "/api/merchants/me": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The merchant of the API key
     * @description The merchant that owns the API key.
     */
    get: operations["getCurrentMerchant"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/merchants/me/embedding": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Embedding settings
     * @description The origins allowed to frame the merchant's checkout (CSP frame-ancestors); none by default. Extension.
     */
    get: operations["getEmbedding"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Set the embedding settings
     * @description Replaces the origins allowed to frame the checkout (at most 10, https origins or http://localhost), and answers them as stored: normalised, without duplicates. An empty list forbids framing. Extension.
     */
    patch: operations["setEmbedding"];
    trace?: never;
  };
  "/api/openapi.json": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This document
     * @description The OpenAPI 3.1 document of this API, generated from the zod schemas the service validates with. No API key. Unlike every other route it answers the document itself, not the envelope.
     */
    get: operations["getOpenApiDocument"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/orders/fulfill": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Fulfil an order with a payment proof
     * @description Verifies the payment proof and releases the USDC. A refused proof answers 400 (PROOF_INVALID, PROOF_EXPIRED, FULFILL_REVERTED) and is kept as an attempt; after 5 attempts the order answers 409. On the sandbox, outcome "unproven", "blocked", "late", "partial" or "cancelled-paid" opens that exception (a live session answers 409). Rate limit: 50 per minute per merchant.
     */
    post: operations["fulfillOrder"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/payment-links": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List payment links
     * @description The merchant's links, newest first, each with its completed payments and their USDC.
     */
    get: operations["listPaymentLinks"];
    put?: never;
    /**
     * Create a payment link
     * @description A reusable link (/l/<slug>) that opens a fresh checkout session for each payer: a fixed amount, or one the payer chooses between minAmount and maxAmount, in USDC or an exact fiat amount. Opening the link creates nothing; a session is made when the payer starts, with the link's id in paymentLinkId and the payer's answers to fields in its metadata. Extension.
     */
    post: operations["createPaymentLink"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/payment-links/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a payment link
     * @description The link, its status and its payments so far.
     */
    get: operations["getPaymentLink"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Update or pause a payment link
     * @description Title, description, URLs, fields, maxPayments and endsAt; active: false pauses it (its page says so, and a page opened before cannot start a payment), true resumes it. Its currency and amounts stay: make another link for another price.
     */
    patch: operations["updatePaymentLink"];
    trace?: never;
  };
  "/api/refunds/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a refund
     * @description The refund's fields directly: its status, the payer's claimed address and the transfer that completed it.
     */
    get: operations["getRefund"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/refunds/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a refund
     * @description Cancels a refund that awaits its claim or its transfer, with no transfer seen yet (409 otherwise); its amount is refundable again. Cancelling a cancelled refund answers it as it is.
     */
    post: operations["cancelRefund"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/merchants/me": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The key's merchant
     * @description The merchant profile with its checkout configuration. apiKey is the display prefix of the key that asked, never the key.
     */
    get: operations["v1GetMerchant"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/orders": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create an order
     * @description Either requestedUsdcAmount, or requestedFiatAmount with requestedFiatCurrency (the payer pays exactly that; the merchant receives what the quote's rate gives). destinationAddress defaults to the merchant's evmWalletAddress, destinationChainId to the first supported chain, destinationToken ("USDC" or an address) to that chain's USDC. The answer holds the order token, the payer's credential, in this response only, and the payer's link. Rate limit: 100 per minute per merchant.
     */
    post: operations["v1CreateOrder"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/orders/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an order
     * @description With the merchant's key (another merchant's order answers 403), or with the order's token as ?token= or X-Order-Token (a wrong token answers 401). Unknown ids answer 404. currentPayment is the payer's latest payment. Read with the token, order.notes and order.metadata are null: they are the merchant's own.
     */
    get: operations["v1GetOrder"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/orders/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel an order
     * @description Cancels an order whose payment is not on its way (409 once the payer has said the fiat is sent). Payments already settled on a partly paid order stay settled. Cancelling again answers the cancelled order.
     */
    post: operations["v1CancelOrder"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/orders/{id}/payments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List an order's payments
     * @description Every payment (attempt) of the order, oldest first: settled parts of a partly paid order, and ended attempts.
     */
    get: operations["v1ListOrderPayments"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/orders/{id}/refunds": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List an order's refunds
     * @description Every refund of the order, oldest first, whatever its status.
     */
    get: operations["v1ListOrderRefunds"];
    put?: never;
    /**
     * Refund an order
     * @description Gives back part or all of what the order's payments settled, less its refunds that are not cancelled or expired. The order stays FULFILLED; its refundedUsdcAmount and refundState follow completed refunds. REFUND_PENDING goes out now and REFUND_COMPLETED once the transfer is confirmed (at once for method recorded).
     */
    post: operations["v1CreateRefund"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/payment-links": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List payment links (v1 style)
     * @description The merchant's links, newest first, each with its completed payments and their USDC.
     */
    get: operations["v1ListPaymentLinks"];
    put?: never;
    /**
     * Create a payment link (v1 style)
     * @description As POST /api/payment-links, with the destination as v1 orders name it: destinationAddress (default: the merchant's evmWalletAddress), destinationChainId (default: the first supported chain) and destinationToken (default: its USDC). Extension.
     */
    post: operations["v1CreatePaymentLink"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/payment-links/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a payment link (v1 style)
     * @description The link, its status and its payments so far.
     */
    get: operations["v1GetPaymentLink"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Update or pause a payment link (v1 style)
     * @description As PATCH /api/payment-links/{id}; active: false pauses the link.
     */
    patch: operations["v1UpdatePaymentLink"];
    trace?: never;
  };
  "/api/v1/refunds/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a refund
     * @description The refund, its status, the payer's claimed address and the transfer that completed it.
     */
    get: operations["v1GetRefund"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/refunds/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a refund
     * @description Cancels a refund that awaits its claim or its transfer, with no transfer seen yet (409 otherwise); REFUND_CANCELLED goes out and its amount is refundable again.
     */
    post: operations["v1CancelRefund"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/webhooks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List v1 webhooks
     * @description The merchant's v1 webhooks that are not deleted, oldest first. Webhooks made through /api/webhooks are not listed.
     */
    get: operations["v1ListWebhooks"];
    put?: never;
    /**
     * Create a v1 webhook
     * @description An https endpoint on a public address that receives the v1 events; events empty or absent subscribes to all. customHeaders: at most 10, each a valid HTTP header name (unique whatever its case) with a value of visible ASCII and spaces, never a signature header (X-Webhook-*, webhook-*) nor one the delivery sets (Content-Type, Content-Length, Host, User-Agent, …). The signing secret is in this response only.
     */
    post: operations["v1CreateWebhook"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/webhooks/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a v1 webhook
     * @description A deleted webhook stays readable, with deletedAt set. A webhook made through /api/webhooks answers 404.
     */
    get: operations["v1GetWebhook"];
    put?: never;
    post?: never;
    /**
     * Delete a v1 webhook
     * @description It stops receiving at once; it and its delivery history stay readable. Deleting it again answers 409.
     */
    delete: operations["v1DeleteWebhook"];
    options?: never;
    head?: never;
    /**
     * Update a v1 webhook
     * @description Changes url, events, active or customHeaders (the list given replaces the old one; [] removes them). A deleted webhook answers 409.
     */
    patch: operations["v1UpdateWebhook"];
    trace?: never;
  };
  "/api/v1/webhooks/{id}/deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a v1 webhook's deliveries
     * @description Newest first, keyset-paginated; filter by status or eventType.
     */
    get: operations["v1ListDeliveries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/webhooks/{id}/deliveries/{deliveryId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a delivery
     * @description The exact payload sent and every attempt, oldest first.
     */
    get: operations["v1GetDelivery"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/webhooks/{id}/deliveries/{deliveryId}/retry": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a delivery again
     * @description Sends it again now, whatever its status; a failure then follows the retry schedule. 409 while it is being attempted. Rate limit: 60 per minute per merchant.
     */
    post: operations["v1RetryDelivery"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/webhooks/{id}/rotate-secret": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate the signing secret
     * @description A new secret, in this response only; the previous one keeps signing beside it for 24 hours. Rate limit: 60 per minute per merchant.
     */
    post: operations["v1RotateWebhookSecret"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/webhooks/{id}/test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event
     * @description Records a WEBHOOK_TEST event (order, payment and paymentBridge null) and sends it now, once, with the webhook's custom headers. A failing endpoint is still a successful call: see success and error. Rate limit: 60 per minute per merchant.
     */
    post: operations["v1TestWebhook"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/webhooks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhooks
     * @description The merchant's webhooks that are not deleted, oldest first.
     */
    get: operations["listWebhooks"];
    put?: never;
    /**
     * Create a webhook
     * @description An https endpoint on a public address; events empty or absent subscribes to all. The signing secret is in this response only.
     */
    post: operations["createWebhook"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/webhooks/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a webhook
     * @description A deleted webhook stays readable, with deletedAt set.
     */
    get: operations["getWebhook"];
    put?: never;
    post?: never;
    /**
     * Delete a webhook
     * @description It stops receiving at once; it and its delivery history stay readable. Deleting it again answers 409.
     */
    delete: operations["deleteWebhook"];
    options?: never;
    head?: never;
    /**
     * Update a webhook
     * @description Changes url, events or active. A deleted webhook answers 409.
     */
    patch: operations["updateWebhook"];
    trace?: never;
  };
  "/api/webhooks/{id}/deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a webhook's deliveries
     * @description Newest first, keyset-paginated; filter by status or eventType.
     */
    get: operations["listDeliveries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/webhooks/{id}/deliveries/{deliveryId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a delivery
     * @description The exact payload sent and every attempt, oldest first.
     */
    get: operations["getDelivery"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/webhooks/{id}/deliveries/{deliveryId}/retry": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a delivery again
     * @description Sends it again now, whatever its status; a failure then follows the retry schedule. 409 while it is being attempted. Rate limit: 60 per minute per merchant.
     */
    post: operations["retryDelivery"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/webhooks/{id}/rotate-secret": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate the signing secret
     * @description A new secret, in this response only; the previous one keeps signing beside it for 24 hours. Rate limit: 60 per minute per merchant.
     */
    post: operations["rotateWebhookSecret"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/webhooks/{id}/test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event
     * @description Records a webhook.test event and sends it now, once. A failing endpoint is still a successful call: see success and error. Rate limit: 60 per minute per merchant.
     */
    post: operations["testWebhook"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  "order.created": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * order.created
     * @description Sent to every active webhook subscribed to order.created (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["OrderCreatedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "order.payment_sent": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * order.payment_sent
     * @description Sent to every active webhook subscribed to order.payment_sent (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["OrderPaymentSentEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "order.fulfilled": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * order.fulfilled
     * @description Sent to every active webhook subscribed to order.fulfilled (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["OrderFulfilledEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "order.failed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * order.failed
     * @description Sent to every active webhook subscribed to order.failed (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["OrderFailedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "order.expired": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * order.expired
     * @description Sent to every active webhook subscribed to order.expired (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["OrderExpiredEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "session.started": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * session.started
     * @description Sent to every active webhook subscribed to session.started (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["SessionStartedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "session.completed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * session.completed
     * @description Sent to every active webhook subscribed to session.completed (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["SessionCompletedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "session.abandoned": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * session.abandoned
     * @description Sent to every active webhook subscribed to session.abandoned (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["SessionAbandonedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "session.exception_opened": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * session.exception_opened
     * @description Sent to every active webhook subscribed to session.exception_opened (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["SessionExceptionOpenedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "session.exception_resolved": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * session.exception_resolved
     * @description Sent to every active webhook subscribed to session.exception_resolved (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["SessionExceptionResolvedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "refund.created": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * refund.created
     * @description Sent to every active webhook subscribed to refund.created (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["RefundCreatedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "refund.claimed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * refund.claimed
     * @description Sent to every active webhook subscribed to refund.claimed (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["RefundClaimedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "refund.completed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * refund.completed
     * @description Sent to every active webhook subscribed to refund.completed (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["RefundCompletedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "refund.cancelled": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * refund.cancelled
     * @description Sent to every active webhook subscribed to refund.cancelled (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["RefundCancelledEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "refund.expired": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * refund.expired
     * @description Sent to every active webhook subscribed to refund.expired (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["RefundExpiredEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "webhook.test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * webhook.test
     * @description Sent by POST /api/webhooks/{id}/test only.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["WebhookTestEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  ORDER_CREATED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * ORDER_CREATED
     * @description Sent to every active v1 webhook subscribed to ORDER_CREATED (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["V1OrderCreatedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  ORDER_FULFILLED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * ORDER_FULFILLED
     * @description Sent to every active v1 webhook subscribed to ORDER_FULFILLED (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["V1OrderFulfilledEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  ORDER_CANCELLED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * ORDER_CANCELLED
     * @description Sent to every active v1 webhook subscribed to ORDER_CANCELLED (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["V1OrderCancelledEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  PAYMENT_CREATED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * PAYMENT_CREATED
     * @description Sent to every active v1 webhook subscribed to PAYMENT_CREATED (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["V1PaymentCreatedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  PAYMENT_SETTLED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * PAYMENT_SETTLED
     * @description Sent to every active v1 webhook subscribed to PAYMENT_SETTLED (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["V1PaymentSettledEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  PAYMENT_CANCELLED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * PAYMENT_CANCELLED
     * @description Sent to every active v1 webhook subscribed to PAYMENT_CANCELLED (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["V1PaymentCancelledEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  PAYMENT_EXPIRED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * PAYMENT_EXPIRED
     * @description Sent to every active v1 webhook subscribed to PAYMENT_EXPIRED (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["V1PaymentExpiredEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  PAYMENT_FAILED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * PAYMENT_FAILED
     * @description Sent to every active v1 webhook subscribed to PAYMENT_FAILED (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["V1PaymentFailedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  ORDER_EXCEPTION_OPENED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * ORDER_EXCEPTION_OPENED
     * @description Sent to every active v1 webhook subscribed to ORDER_EXCEPTION_OPENED (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["V1OrderExceptionOpenedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  ORDER_EXCEPTION_RESOLVED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * ORDER_EXCEPTION_RESOLVED
     * @description Sent to every active v1 webhook subscribed to ORDER_EXCEPTION_RESOLVED (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["V1OrderExceptionResolvedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  REFUND_PENDING: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * REFUND_PENDING
     * @description Sent to every active v1 webhook subscribed to REFUND_PENDING (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["V1RefundPendingEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  REFUND_COMPLETED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * REFUND_COMPLETED
     * @description Sent to every active v1 webhook subscribed to REFUND_COMPLETED (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["V1RefundCompletedEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  REFUND_CANCELLED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * REFUND_CANCELLED
     * @description Sent to every active v1 webhook subscribed to REFUND_CANCELLED (or to all events).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["V1RefundCancelledEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  WEBHOOK_TEST: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * WEBHOOK_TEST
     * @description Sent by POST /api/v1/webhooks/{id}/test only.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The event id (evt_…); the same on every retry, so dedupe on it */
          "X-Webhook-Id": string;
          /** @description Unix seconds of this attempt */
          "X-Webhook-Timestamp": string;
          /** @description Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated */
          "X-Webhook-Signature": string;
          /** @description Standard Webhooks: the event id */
          "webhook-id": string;
          /** @description Standard Webhooks: Unix seconds of this attempt */
          "webhook-timestamp": string;
          /** @description Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["V1WebhookTestEvent"];
        };
      };
      responses: {
        /** @description Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    /** @description A merchant account */
    Merchant: {
      /** @example merch_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      /**
       * @description Unique, lowercase; never changes
       * @example acme-shop
       */
      name: string;
      /** @description The name shown to payers; the name when none was given */
      displayName: string;
      logoUrl: string | null;
      /**
       * @description sandbox until the operator moves the merchant to live; its new sessions take this environment
       * @enum {string}
       */
      environment: "sandbox" | "live";
      /**
       * @description Who pays the real rail's fees on sessions and payment links that do not say: MERCHANT (the default), PAYEE or SPLIT
       * @enum {string}
       */
      feePayer: "MERCHANT" | "PAYEE" | "SPLIT";
      /** @description SPLIT: the payer's share of the fees in basis points */
      buyerFeeShareBps: number | null;
      /** @description Whether a payment link's payer who gave their email gets a receipt by mail once the payment completes (true by default; an owner changes it in the dashboard's Settings) */
      payerReceipts: boolean;
      /**
       * Format: date-time
       * @description When the merchant signed up
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Last change
       * @example 2026-01-15T12:00:00.000Z
       */
      updatedAt: string;
    };
    /** @description The new merchant, with its API key */
    MerchantWithApiKey: {
      /** @example merch_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      /**
       * @description Unique, lowercase; never changes
       * @example acme-shop
       */
      name: string;
      /** @description The name shown to payers; the name when none was given */
      displayName: string;
      logoUrl: string | null;
      /**
       * @description sandbox until the operator moves the merchant to live; its new sessions take this environment
       * @enum {string}
       */
      environment: "sandbox" | "live";
      /**
       * @description Who pays the real rail's fees on sessions and payment links that do not say: MERCHANT (the default), PAYEE or SPLIT
       * @enum {string}
       */
      feePayer: "MERCHANT" | "PAYEE" | "SPLIT";
      /** @description SPLIT: the payer's share of the fees in basis points */
      buyerFeeShareBps: number | null;
      /** @description Whether a payment link's payer who gave their email gets a receipt by mail once the payment completes (true by default; an owner changes it in the dashboard's Settings) */
      payerReceipts: boolean;
      /**
       * Format: date-time
       * @description When the merchant signed up
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Last change
       * @example 2026-01-15T12:00:00.000Z
       */
      updatedAt: string;
      /**
       * @description The API key: in this response and nowhere else, ever
       * @example ck_…
       */
      apiKey: string;
    };
    /** @description A checkout session */
    Session: {
      /** @example sess_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      merchantId: string;
      /**
       * @description The amount the merchant receives, in USDC, as a decimal string. exact-fiat: the estimate at the mid rate until checkout starts, then what the live order's quote gives (its netAmountUsdc)
       * @example 50.00
       */
      amountUsdc: string;
      /**
       * @description exact-token: the merchant receives amountUsdc. exact-fiat: the payer pays exactly fiatAmount in fiatCurrency
       * @enum {string}
       */
      checkoutMode: "exact-token" | "exact-fiat";
      /**
       * @description exact-fiat: what the payer pays, in the currency's minor-unit digits; null in exact-token
       * @example 25.00
       */
      fiatAmount: string | null;
      /**
       * @description exact-fiat: the currency of fiatAmount; null in exact-token
       * @example EUR
       */
      fiatCurrency: ("USD" | "EUR" | "GBP" | "CAD" | "AUD" | "CHF" | "SGD" | "NZD" | "PLN" | "SEK" | "JPY" | "MXN") | null;
      /**
       * @description exact-fiat: platforms whose spread over the mid rate is above it are not offered; null in exact-token
       * @example 10
       */
      maxFeePercentage: number | null;
      /**
       * @description Who pays the real rail's fees: MERCHANT (the payer pays the amount, the merchant receives it less the fees), PAYEE (the payer pays the fees on top, the merchant receives the whole amount) or SPLIT (the payer bears buyerFeeShareBps of them). The sandbox charges no fees
       * @enum {string}
       */
      feePayer: "MERCHANT" | "PAYEE" | "SPLIT";
      /** @description SPLIT: the payer's share of the fees in basis points (0 to 10000, steps of 1000); null otherwise */
      buyerFeeShareBps: number | null;
      /** @example 8453 */
      destinationChainId: number;
      /** @description Token contract address, EIP-55 checksummed */
      destinationToken: string;
      /** @description Receiving wallet, EIP-55 checksummed */
      recipientAddress: string;
      /**
       * @description CREATED → ACTIVE → COMPLETED, or EXPIRED / CANCELLED
       * @enum {string}
       */
      status: "CREATED" | "ACTIVE" | "COMPLETED" | "EXPIRED" | "CANCELLED";
      /**
       * @description sandbox: the sandbox rail, no money moves; live: a real payment. The merchant's environment when the session was created, kept for good
       * @enum {string}
       */
      environment: "sandbox" | "live";
      successUrl: string | null;
      cancelUrl: string | null;
      /** @description The merchant's own string key/values */
      metadata: {
        [key: string]: string;
      } | null;
      /** @description null: every platform */
      enabledPaymentPlatforms: string[] | null;
      selectedPaymentPlatform: string | null;
      selectedFiatCurrency: string | null;
      activeOrderId: string | null;
      /** @description The payment link whose payer started this session, if any */
      paymentLinkId: string | null;
      /**
       * Format: date-time
       * @description When an unpaid session expires
       * @example 2026-01-15T12:00:00.000Z
       */
      expiresAt: string;
      /** @description When the USDC was released */
      completedAt: string | null;
      /** @description The session's latest exception (open or resolved); null: none */
      exception: {
        /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
        id: string;
        /**
         * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
         * @enum {string}
         */
        kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
        /** @enum {string} */
        status: "OPEN" | "RESOLVED";
        /**
         * Format: date-time
         * @description When it opened
         * @example 2026-01-15T12:00:00.000Z
         */
        openedAt: string;
        /** @description When it was resolved */
        resolvedAt: string | null;
        /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
        resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
        /** @description Who resolved it: a person's email, or system when the USDC came */
        resolvedBy: string | null;
        /** @description The owner's note */
        note: string | null;
        /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
        details: {
          /** @description What happened, in words a person can act on */
          reason: string;
          orderId?: string | null;
          intentHash?: string | null;
          depositId?: string | null;
          /** @description The payee the payer was shown */
          payeeHandle?: string | null;
          paymentPlatform?: string | null;
          fiatAmount?: string | null;
          fiatCurrency?: string | null;
          amountUsdc?: string | null;
          takerWallet?: string | null;
          signalTx?: string | null;
          /** @description PAID_LATE: the release that came */
          txHash?: string | null;
          signalledAt?: string | null;
          paymentSentAt?: string | null;
          intentExpiresAt?: string | null;
          attestedAt?: string | null;
        };
      } | null;
      /** @description COMPLETED because an owner marked it paid in full (resolving an exception): who; null otherwise */
      markedBy: string | null;
      /**
       * @description What the session's completed refunds gave back (extension); the status stays COMPLETED
       * @example 50.00
       */
      refundedUsdc: string;
      /**
       * @description none: no completed refund; partial: completed refunds gave back part of what was paid; full: all of it (extension)
       * @enum {string}
       */
      refundState: "none" | "partial" | "full";
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Last change
       * @example 2026-01-15T12:00:00.000Z
       */
      updatedAt: string;
    };
    /** @description An order: one attempt at paying a session on one platform */
    Order: {
      /** @example ord_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      sessionId: string;
      /** @enum {string} */
      status:
        | "SIGNAL_SUBMITTED"
        | "SIGNAL_MINED"
        | "PAYMENT_SENT"
        | "PROOF_VERIFIED"
        | "FULFILL_SUBMITTED"
        | "FULFILLED"
        | "CANCELLED"
        | "EXPIRED"
        | "FAILED";
      /** @description 0x + 64 hex characters; the key of POST /api/orders/fulfill. null while a live order's signal is not mined (SIGNAL_SUBMITTED) */
      intentHash: string | null;
      /** @description The signal transaction; null until it is mined */
      signalTx: string | null;
      paymentPlatform: string;
      /** @example USD */
      fiatCurrency: string;
      /**
       * @description Decimal string in the currency's minor-unit digits
       * @example 50.25
       */
      fiatAmount: string;
      /**
       * @description USDC in base units (6 decimals), as an integer string
       * @example 50000000
       */
      tokenAmount: string;
      /**
       * @description The same amount as a USDC decimal string
       * @example 50.00
       */
      amountUsdc: string;
      /** @description The payment's worth in USDC before fees. exact-fiat: the fiat's worth at the mid rate, rounded down; live: the USDC the intent locks (what the release moved, once released); null on a sandbox exact-token order */
      grossAmountUsdc: string | null;
      /** @description The USDC the merchant receives. exact-fiat: at the quote's rate, rounded down to micro-USDC; live: the intent net of the fees the quote expects, then what the chain released (IntentFulfilled); null on a sandbox exact-token order */
      netAmountUsdc: string | null;
      /** @description The fees a live release paid, read from the chain; null until released, and on the sandbox */
      fees: {
        /**
         * @description ZKP2P's protocol fee
         * @example 50.00
         */
        protocolUsdc: string;
        /**
         * @description The deposit manager's fee, at the rate snapshotted when the intent was signalled
         * @example 50.00
         */
        managerUsdc: string;
        /**
         * @description Referral fees the intent carried
         * @example 50.00
         */
        referralUsdc: string;
        /**
         * @description All of them: grossAmountUsdc − netAmountUsdc
         * @example 50.00
         */
        totalUsdc: string;
      } | null;
      conversionRate: string;
      /** @description The payee handle on the payment platform; null until the signal is mined (pay only once it shows) */
      recipient: string | null;
      fulfillTx: string | null;
      /** @description Why a FAILED order failed, as the rail reported it (a decoded revert such as AccountHasActiveIntent) */
      failureReason: string | null;
      /**
       * Format: date-time
       * @description When the order expires unpaid
       * @example 2026-01-15T12:00:00.000Z
       */
      expiresAt: string;
      /** @description When the payer reported the fiat payment */
      paymentSentAt: string | null;
      /** @description When the USDC was released */
      fulfilledAt: string | null;
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Last change
       * @example 2026-01-15T12:00:00.000Z
       */
      updatedAt: string;
    };
    /** @description What the payer sends, and to whom */
    Quote: {
      fiatAmount: string;
      /** @example $50.25 */
      fiatAmountFormatted: string;
      fiatCurrency: string;
      tokenAmount: string;
      /** @example 50.00 USDC */
      tokenAmountFormatted: string;
      paymentMethod: string;
      /** @description who to pay; null on a live order until its reservation is confirmed on-chain (the payee is shown only then) */
      payeeAddress: string | null;
      conversionRate: string;
    };
    /** @description A session with its merchant and its active order (and that order's quote) */
    SessionDetail: {
      /** @example sess_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      merchantId: string;
      /**
       * @description The amount the merchant receives, in USDC, as a decimal string. exact-fiat: the estimate at the mid rate until checkout starts, then what the live order's quote gives (its netAmountUsdc)
       * @example 50.00
       */
      amountUsdc: string;
      /**
       * @description exact-token: the merchant receives amountUsdc. exact-fiat: the payer pays exactly fiatAmount in fiatCurrency
       * @enum {string}
       */
      checkoutMode: "exact-token" | "exact-fiat";
      /**
       * @description exact-fiat: what the payer pays, in the currency's minor-unit digits; null in exact-token
       * @example 25.00
       */
      fiatAmount: string | null;
      /**
       * @description exact-fiat: the currency of fiatAmount; null in exact-token
       * @example EUR
       */
      fiatCurrency: ("USD" | "EUR" | "GBP" | "CAD" | "AUD" | "CHF" | "SGD" | "NZD" | "PLN" | "SEK" | "JPY" | "MXN") | null;
      /**
       * @description exact-fiat: platforms whose spread over the mid rate is above it are not offered; null in exact-token
       * @example 10
       */
      maxFeePercentage: number | null;
      /**
       * @description Who pays the real rail's fees: MERCHANT (the payer pays the amount, the merchant receives it less the fees), PAYEE (the payer pays the fees on top, the merchant receives the whole amount) or SPLIT (the payer bears buyerFeeShareBps of them). The sandbox charges no fees
       * @enum {string}
       */
      feePayer: "MERCHANT" | "PAYEE" | "SPLIT";
      /** @description SPLIT: the payer's share of the fees in basis points (0 to 10000, steps of 1000); null otherwise */
      buyerFeeShareBps: number | null;
      /** @example 8453 */
      destinationChainId: number;
      /** @description Token contract address, EIP-55 checksummed */
      destinationToken: string;
      /** @description Receiving wallet, EIP-55 checksummed */
      recipientAddress: string;
      /**
       * @description CREATED → ACTIVE → COMPLETED, or EXPIRED / CANCELLED
       * @enum {string}
       */
      status: "CREATED" | "ACTIVE" | "COMPLETED" | "EXPIRED" | "CANCELLED";
      /**
       * @description sandbox: the sandbox rail, no money moves; live: a real payment. The merchant's environment when the session was created, kept for good
       * @enum {string}
       */
      environment: "sandbox" | "live";
      successUrl: string | null;
      cancelUrl: string | null;
      /** @description The merchant's own string key/values */
      metadata: {
        [key: string]: string;
      } | null;
      /** @description null: every platform */
      enabledPaymentPlatforms: string[] | null;
      selectedPaymentPlatform: string | null;
      selectedFiatCurrency: string | null;
      activeOrderId: string | null;
      /** @description The payment link whose payer started this session, if any */
      paymentLinkId: string | null;
      /**
       * Format: date-time
       * @description When an unpaid session expires
       * @example 2026-01-15T12:00:00.000Z
       */
      expiresAt: string;
      /** @description When the USDC was released */
      completedAt: string | null;
      /** @description The session's latest exception (open or resolved); null: none */
      exception: {
        /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
        id: string;
        /**
         * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
         * @enum {string}
         */
        kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
        /** @enum {string} */
        status: "OPEN" | "RESOLVED";
        /**
         * Format: date-time
         * @description When it opened
         * @example 2026-01-15T12:00:00.000Z
         */
        openedAt: string;
        /** @description When it was resolved */
        resolvedAt: string | null;
        /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
        resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
        /** @description Who resolved it: a person's email, or system when the USDC came */
        resolvedBy: string | null;
        /** @description The owner's note */
        note: string | null;
        /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
        details: {
          /** @description What happened, in words a person can act on */
          reason: string;
          orderId?: string | null;
          intentHash?: string | null;
          depositId?: string | null;
          /** @description The payee the payer was shown */
          payeeHandle?: string | null;
          paymentPlatform?: string | null;
          fiatAmount?: string | null;
          fiatCurrency?: string | null;
          amountUsdc?: string | null;
          takerWallet?: string | null;
          signalTx?: string | null;
          /** @description PAID_LATE: the release that came */
          txHash?: string | null;
          signalledAt?: string | null;
          paymentSentAt?: string | null;
          intentExpiresAt?: string | null;
          attestedAt?: string | null;
        };
      } | null;
      /** @description COMPLETED because an owner marked it paid in full (resolving an exception): who; null otherwise */
      markedBy: string | null;
      /**
       * @description What the session's completed refunds gave back (extension); the status stays COMPLETED
       * @example 50.00
       */
      refundedUsdc: string;
      /**
       * @description none: no completed refund; partial: completed refunds gave back part of what was paid; full: all of it (extension)
       * @enum {string}
       */
      refundState: "none" | "partial" | "full";
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Last change
       * @example 2026-01-15T12:00:00.000Z
       */
      updatedAt: string;
      merchant: {
        id: string;
        name: string;
        displayName: string;
        logoUrl: string | null;
      };
      activeOrder: {
        /** @example ord_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
        id: string;
        sessionId: string;
        /** @enum {string} */
        status:
          | "SIGNAL_SUBMITTED"
          | "SIGNAL_MINED"
          | "PAYMENT_SENT"
          | "PROOF_VERIFIED"
          | "FULFILL_SUBMITTED"
          | "FULFILLED"
          | "CANCELLED"
          | "EXPIRED"
          | "FAILED";
        /** @description 0x + 64 hex characters; the key of POST /api/orders/fulfill. null while a live order's signal is not mined (SIGNAL_SUBMITTED) */
        intentHash: string | null;
        /** @description The signal transaction; null until it is mined */
        signalTx: string | null;
        paymentPlatform: string;
        /** @example USD */
        fiatCurrency: string;
        /**
         * @description Decimal string in the currency's minor-unit digits
         * @example 50.25
         */
        fiatAmount: string;
        /**
         * @description USDC in base units (6 decimals), as an integer string
         * @example 50000000
         */
        tokenAmount: string;
        /**
         * @description The same amount as a USDC decimal string
         * @example 50.00
         */
        amountUsdc: string;
        /** @description The payment's worth in USDC before fees. exact-fiat: the fiat's worth at the mid rate, rounded down; live: the USDC the intent locks (what the release moved, once released); null on a sandbox exact-token order */
        grossAmountUsdc: string | null;
        /** @description The USDC the merchant receives. exact-fiat: at the quote's rate, rounded down to micro-USDC; live: the intent net of the fees the quote expects, then what the chain released (IntentFulfilled); null on a sandbox exact-token order */
        netAmountUsdc: string | null;
        /** @description The fees a live release paid, read from the chain; null until released, and on the sandbox */
        fees: {
          /**
           * @description ZKP2P's protocol fee
           * @example 50.00
           */
          protocolUsdc: string;
          /**
           * @description The deposit manager's fee, at the rate snapshotted when the intent was signalled
           * @example 50.00
           */
          managerUsdc: string;
          /**
           * @description Referral fees the intent carried
           * @example 50.00
           */
          referralUsdc: string;
          /**
           * @description All of them: grossAmountUsdc − netAmountUsdc
           * @example 50.00
           */
          totalUsdc: string;
        } | null;
        conversionRate: string;
        /** @description The payee handle on the payment platform; null until the signal is mined (pay only once it shows) */
        recipient: string | null;
        fulfillTx: string | null;
        /** @description Why a FAILED order failed, as the rail reported it (a decoded revert such as AccountHasActiveIntent) */
        failureReason: string | null;
        /**
         * Format: date-time
         * @description When the order expires unpaid
         * @example 2026-01-15T12:00:00.000Z
         */
        expiresAt: string;
        /** @description When the payer reported the fiat payment */
        paymentSentAt: string | null;
        /** @description When the USDC was released */
        fulfilledAt: string | null;
        /**
         * Format: date-time
         * @description Creation time
         * @example 2026-01-15T12:00:00.000Z
         */
        createdAt: string;
        /**
         * Format: date-time
         * @description Last change
         * @example 2026-01-15T12:00:00.000Z
         */
        updatedAt: string;
        quote: components["schemas"]["Quote"];
      } | null;
    };
    /** @description A refund of a session (extension) */
    Refund: {
      /** @example rfd_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      /** @description Why, as the payer reads it on the claim page */
      reason: string | null;
      /**
       * @description claim: the payer says where the USDC goes, and the merchant's wallet sends it; recorded: returned outside the service
       * @enum {string}
       */
      method: "claim" | "recorded";
      /**
       * @description AWAITING_CLAIM → AWAITING_TRANSFER (the payer claimed it) → COMPLETED (the transfer is confirmed; at once on the sandbox and for recorded), or CANCELLED (by the merchant, before the money moved) / EXPIRED (unclaimed for REFUND_CLAIM_TTL, 30 days); a reorg of the transfer moves COMPLETED back to AWAITING_TRANSFER
       * @enum {string}
       */
      status: "AWAITING_CLAIM" | "AWAITING_TRANSFER" | "COMPLETED" | "CANCELLED" | "EXPIRED";
      /** @description The payer's link to claim it (send it to them); null for recorded */
      claimUrl: string | null;
      /** @description Where the payer asked for the USDC, on the session's chain; null until claimed */
      payoutAddress: string | null;
      /** @description The transfer that completed it (seen, not yet enough or confirmed, while AWAITING_TRANSFER); null before */
      txHash: string | null;
      metadata: {
        [key: string]: string;
      } | null;
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /** @description When the payer claimed it (last changed the address) */
      claimedAt: string | null;
      /** @description When it completed */
      completedAt: string | null;
      /** @description When the merchant cancelled it */
      cancelledAt: string | null;
      /**
       * Format: date-time
       * @description When it expires unless claimed
       * @example 2026-01-15T12:00:00.000Z
       */
      expiresAt: string;
      sessionId: string;
      /**
       * @description What is given back
       * @example 50.00
       */
      amountUsdc: string;
    };
    /** @description A webhook endpoint */
    Webhook: {
      /** @example wh_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      merchantId: string;
      url: string;
      /** @description The events it receives; empty: all of them */
      events: (
        | "order.created"
        | "order.payment_sent"
        | "order.fulfilled"
        | "order.failed"
        | "order.expired"
        | "session.started"
        | "session.completed"
        | "session.abandoned"
        | "session.exception_opened"
        | "session.exception_resolved"
        | "refund.created"
        | "refund.claimed"
        | "refund.completed"
        | "refund.cancelled"
        | "refund.expired"
      )[];
      active: boolean;
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Last change
       * @example 2026-01-15T12:00:00.000Z
       */
      updatedAt: string;
      /** @description Deleted webhooks stay readable with their delivery history */
      deletedAt: string | null;
      /** @description Whether deliveries to the endpoint go out, or wait for it to answer again */
      circuit: {
        /**
         * @description open: the endpoint timed out several attempts in a row, and its deliveries wait (PENDING, never dropped) until retryAt; half-open: one delivery at a time is tried, and an answer closes it
         * @enum {string}
         */
        state: "closed" | "open" | "half-open";
        /** @description Attempts in a row that timed out */
        failures: number;
        /** @description While open: when a delivery is tried again */
        retryAt: string | null;
      };
    };
    WebhookWithSecret: {
      /** @example wh_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      merchantId: string;
      url: string;
      /** @description The events it receives; empty: all of them */
      events: (
        | "order.created"
        | "order.payment_sent"
        | "order.fulfilled"
        | "order.failed"
        | "order.expired"
        | "session.started"
        | "session.completed"
        | "session.abandoned"
        | "session.exception_opened"
        | "session.exception_resolved"
        | "refund.created"
        | "refund.claimed"
        | "refund.completed"
        | "refund.cancelled"
        | "refund.expired"
      )[];
      active: boolean;
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Last change
       * @example 2026-01-15T12:00:00.000Z
       */
      updatedAt: string;
      /** @description Deleted webhooks stay readable with their delivery history */
      deletedAt: string | null;
      /** @description Whether deliveries to the endpoint go out, or wait for it to answer again */
      circuit: {
        /**
         * @description open: the endpoint timed out several attempts in a row, and its deliveries wait (PENDING, never dropped) until retryAt; half-open: one delivery at a time is tried, and an answer closes it
         * @enum {string}
         */
        state: "closed" | "open" | "half-open";
        /** @description Attempts in a row that timed out */
        failures: number;
        /** @description While open: when a delivery is tried again */
        retryAt: string | null;
      };
      /**
       * @description The signing secret: in this response only
       * @example whsec_…
       */
      secret: string;
    };
    WebhookWithRotatedSecret: {
      /** @example wh_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      merchantId: string;
      url: string;
      /** @description The events it receives; empty: all of them */
      events: (
        | "order.created"
        | "order.payment_sent"
        | "order.fulfilled"
        | "order.failed"
        | "order.expired"
        | "session.started"
        | "session.completed"
        | "session.abandoned"
        | "session.exception_opened"
        | "session.exception_resolved"
        | "refund.created"
        | "refund.claimed"
        | "refund.completed"
        | "refund.cancelled"
        | "refund.expired"
      )[];
      active: boolean;
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Last change
       * @example 2026-01-15T12:00:00.000Z
       */
      updatedAt: string;
      /** @description Deleted webhooks stay readable with their delivery history */
      deletedAt: string | null;
      /** @description Whether deliveries to the endpoint go out, or wait for it to answer again */
      circuit: {
        /**
         * @description open: the endpoint timed out several attempts in a row, and its deliveries wait (PENDING, never dropped) until retryAt; half-open: one delivery at a time is tried, and an answer closes it
         * @enum {string}
         */
        state: "closed" | "open" | "half-open";
        /** @description Attempts in a row that timed out */
        failures: number;
        /** @description While open: when a delivery is tried again */
        retryAt: string | null;
      };
      /**
       * @description The signing secret: in this response only
       * @example whsec_…
       */
      secret: string;
      /**
       * Format: date-time
       * @description The previous secret keeps signing beside the new one until then
       * @example 2026-01-15T12:00:00.000Z
       */
      previousSecretExpiresAt: string;
    };
    /** @description One event sent to one webhook */
    Delivery: {
      /** @example dlv_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      webhookId: string;
      eventType: string;
      eventId: string;
      /** @enum {string} */
      status: "PENDING" | "DELIVERED" | "FAILED";
      attempts: number;
      /** @description The last attempt */
      lastAttemptAt: string | null;
      responseCode: number | null;
      /** @description The next attempt, while PENDING */
      nextRetryAt: string | null;
      lastError: string | null;
      durationMs: number | null;
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
    };
    DeliveryDetail: {
      /** @example dlv_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      webhookId: string;
      eventType: string;
      eventId: string;
      /** @enum {string} */
      status: "PENDING" | "DELIVERED" | "FAILED";
      attempts: number;
      /** @description The last attempt */
      lastAttemptAt: string | null;
      responseCode: number | null;
      /** @description The next attempt, while PENDING */
      nextRetryAt: string | null;
      lastError: string | null;
      durationMs: number | null;
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /** @description The exact event body sent */
      payload: components["schemas"]["EventPayload"] | null;
      attemptHistory: {
        attempt: number;
        /**
         * Format: date-time
         * @description When the attempt started
         * @example 2026-01-15T12:00:00.000Z
         */
        at: string;
        responseCode: number | null;
        responseExcerpt: string | null;
        error: string | null;
        durationMs: number;
      }[];
    };
    /** @description An event, as GET /api/events lists it */
    Event: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @enum {string} */
      type:
        | "order.created"
        | "order.payment_sent"
        | "order.fulfilled"
        | "order.failed"
        | "order.expired"
        | "session.started"
        | "session.completed"
        | "session.abandoned"
        | "session.exception_opened"
        | "session.exception_resolved"
        | "refund.created"
        | "refund.claimed"
        | "refund.completed"
        | "refund.cancelled"
        | "refund.expired"
        | "webhook.test";
      data: {
        [key: string]: unknown;
      };
      sessionId: string | null;
      orderId: string | null;
      /**
       * Format: date-time
       * @description When it was recorded
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
    };
    /** @description An event as sent to webhooks: data holds session and order (see the webhooks section) */
    EventPayload: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @enum {string} */
      type:
        | "order.created"
        | "order.payment_sent"
        | "order.fulfilled"
        | "order.failed"
        | "order.expired"
        | "session.started"
        | "session.completed"
        | "session.abandoned"
        | "session.exception_opened"
        | "session.exception_resolved"
        | "refund.created"
        | "refund.claimed"
        | "refund.completed"
        | "refund.cancelled"
        | "refund.expired"
        | "webhook.test";
      data: {
        [key: string]: unknown;
      };
    };
    /** @description Sent by POST /api/webhooks/{id}/test */
    WebhookTestEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "webhook.test";
      data: {
        /** @constant */
        test: true;
        webhookId: string;
      };
    };
    PlainError: {
      /** @description What went wrong */
      error: string;
    };
    /** @description A v1 webhook endpoint: it receives the v1 events (ORDER_*, PAYMENT_*) only */
    V1Webhook: {
      /** @example wh_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      merchantId: string;
      url: string;
      /** @description The v1 events it receives; empty: all of them */
      events: (
        | "ORDER_CREATED"
        | "ORDER_FULFILLED"
        | "ORDER_CANCELLED"
        | "PAYMENT_CREATED"
        | "PAYMENT_SETTLED"
        | "PAYMENT_CANCELLED"
        | "PAYMENT_EXPIRED"
        | "PAYMENT_FAILED"
        | "ORDER_EXCEPTION_OPENED"
        | "ORDER_EXCEPTION_RESOLVED"
        | "REFUND_PENDING"
        | "REFUND_COMPLETED"
        | "REFUND_CANCELLED"
      )[];
      active: boolean;
      /** @description Sent with every delivery, beside the signature headers. Values are stored encrypted and shown masked ("••••" and the last 4 characters of a value of 12 or more, "••••" alone for a shorter one); a value sent back as shown keeps the stored one, a mask that matches no stored value of that header answers 400 */
      customHeaders: {
        /**
         * @description An HTTP header name
         * @example Authorization
         */
        key: string;
        /**
         * @description Masked: the value itself is never answered
         * @example ••••cret
         */
        value: string;
      }[];
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Last change
       * @example 2026-01-15T12:00:00.000Z
       */
      updatedAt: string;
      /** @description Deleted webhooks stay readable with their delivery history */
      deletedAt: string | null;
      /** @description Whether deliveries to the endpoint go out, or wait for it to answer again */
      circuit: {
        /**
         * @description open: the endpoint timed out several attempts in a row, and its deliveries wait (PENDING, never dropped) until retryAt; half-open: one delivery at a time is tried, and an answer closes it
         * @enum {string}
         */
        state: "closed" | "open" | "half-open";
        /** @description Attempts in a row that timed out */
        failures: number;
        /** @description While open: when a delivery is tried again */
        retryAt: string | null;
      };
    };
    V1WebhookWithSecret: {
      /** @example wh_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      merchantId: string;
      url: string;
      /** @description The v1 events it receives; empty: all of them */
      events: (
        | "ORDER_CREATED"
        | "ORDER_FULFILLED"
        | "ORDER_CANCELLED"
        | "PAYMENT_CREATED"
        | "PAYMENT_SETTLED"
        | "PAYMENT_CANCELLED"
        | "PAYMENT_EXPIRED"
        | "PAYMENT_FAILED"
        | "ORDER_EXCEPTION_OPENED"
        | "ORDER_EXCEPTION_RESOLVED"
        | "REFUND_PENDING"
        | "REFUND_COMPLETED"
        | "REFUND_CANCELLED"
      )[];
      active: boolean;
      /** @description Sent with every delivery, beside the signature headers. Values are stored encrypted and shown masked ("••••" and the last 4 characters of a value of 12 or more, "••••" alone for a shorter one); a value sent back as shown keeps the stored one, a mask that matches no stored value of that header answers 400 */
      customHeaders: {
        /**
         * @description An HTTP header name
         * @example Authorization
         */
        key: string;
        /**
         * @description Masked: the value itself is never answered
         * @example ••••cret
         */
        value: string;
      }[];
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Last change
       * @example 2026-01-15T12:00:00.000Z
       */
      updatedAt: string;
      /** @description Deleted webhooks stay readable with their delivery history */
      deletedAt: string | null;
      /** @description Whether deliveries to the endpoint go out, or wait for it to answer again */
      circuit: {
        /**
         * @description open: the endpoint timed out several attempts in a row, and its deliveries wait (PENDING, never dropped) until retryAt; half-open: one delivery at a time is tried, and an answer closes it
         * @enum {string}
         */
        state: "closed" | "open" | "half-open";
        /** @description Attempts in a row that timed out */
        failures: number;
        /** @description While open: when a delivery is tried again */
        retryAt: string | null;
      };
      /**
       * @description The signing secret: in this response only
       * @example whsec_…
       */
      secret: string;
    };
    V1WebhookWithRotatedSecret: {
      /** @example wh_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      merchantId: string;
      url: string;
      /** @description The v1 events it receives; empty: all of them */
      events: (
        | "ORDER_CREATED"
        | "ORDER_FULFILLED"
        | "ORDER_CANCELLED"
        | "PAYMENT_CREATED"
        | "PAYMENT_SETTLED"
        | "PAYMENT_CANCELLED"
        | "PAYMENT_EXPIRED"
        | "PAYMENT_FAILED"
        | "ORDER_EXCEPTION_OPENED"
        | "ORDER_EXCEPTION_RESOLVED"
        | "REFUND_PENDING"
        | "REFUND_COMPLETED"
        | "REFUND_CANCELLED"
      )[];
      active: boolean;
      /** @description Sent with every delivery, beside the signature headers. Values are stored encrypted and shown masked ("••••" and the last 4 characters of a value of 12 or more, "••••" alone for a shorter one); a value sent back as shown keeps the stored one, a mask that matches no stored value of that header answers 400 */
      customHeaders: {
        /**
         * @description An HTTP header name
         * @example Authorization
         */
        key: string;
        /**
         * @description Masked: the value itself is never answered
         * @example ••••cret
         */
        value: string;
      }[];
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Last change
       * @example 2026-01-15T12:00:00.000Z
       */
      updatedAt: string;
      /** @description Deleted webhooks stay readable with their delivery history */
      deletedAt: string | null;
      /** @description Whether deliveries to the endpoint go out, or wait for it to answer again */
      circuit: {
        /**
         * @description open: the endpoint timed out several attempts in a row, and its deliveries wait (PENDING, never dropped) until retryAt; half-open: one delivery at a time is tried, and an answer closes it
         * @enum {string}
         */
        state: "closed" | "open" | "half-open";
        /** @description Attempts in a row that timed out */
        failures: number;
        /** @description While open: when a delivery is tried again */
        retryAt: string | null;
      };
      /**
       * @description The signing secret: in this response only
       * @example whsec_…
       */
      secret: string;
      /**
       * Format: date-time
       * @description The previous secret keeps signing beside the new one until then
       * @example 2026-01-15T12:00:00.000Z
       */
      previousSecretExpiresAt: string;
    };
    V1DeliveryDetail: {
      /** @example dlv_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      webhookId: string;
      eventType: string;
      eventId: string;
      /** @enum {string} */
      status: "PENDING" | "DELIVERED" | "FAILED";
      attempts: number;
      /** @description The last attempt */
      lastAttemptAt: string | null;
      responseCode: number | null;
      /** @description The next attempt, while PENDING */
      nextRetryAt: string | null;
      lastError: string | null;
      durationMs: number | null;
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /** @description The exact event body sent */
      payload: components["schemas"]["V1EventPayload"] | null;
      attemptHistory: {
        attempt: number;
        /**
         * Format: date-time
         * @description When the attempt started
         * @example 2026-01-15T12:00:00.000Z
         */
        at: string;
        responseCode: number | null;
        responseExcerpt: string | null;
        error: string | null;
        durationMs: number;
      }[];
    };
    /** @description A v1 event as sent to v1 webhooks (see the webhooks section) */
    V1EventPayload: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @enum {string} */
      type:
        | "ORDER_CREATED"
        | "ORDER_FULFILLED"
        | "ORDER_CANCELLED"
        | "PAYMENT_CREATED"
        | "PAYMENT_SETTLED"
        | "PAYMENT_CANCELLED"
        | "PAYMENT_EXPIRED"
        | "PAYMENT_FAILED"
        | "ORDER_EXCEPTION_OPENED"
        | "ORDER_EXCEPTION_RESOLVED"
        | "REFUND_PENDING"
        | "REFUND_COMPLETED"
        | "REFUND_CANCELLED"
        | "WEBHOOK_TEST";
      data: {
        order: components["schemas"]["V1Order"] | null;
        payment: components["schemas"]["V1Payment"] | null;
        paymentBridge: null;
        /** @description REFUND_*: the refund (extension) */
        refund?: components["schemas"]["V1Refund"];
      };
    };
    /** @description Sent by POST /api/v1/webhooks/{id}/test */
    V1WebhookTestEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "WEBHOOK_TEST";
      data: {
        order: null;
        payment: null;
        paymentBridge: null;
      };
    };
    /** @description A v1 order (CheckoutOrder): what the merchant asks to be paid */
    V1Order: {
      /** @example sess_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      merchantId: string;
      /**
       * @description PARTIALLY_FULFILLED: payments have settled part of the amount
       * @enum {string}
       */
      status: "CREATED" | "PARTIALLY_FULFILLED" | "FULFILLED" | "CANCELLED";
      /**
       * @description The USDC the order asks for (for a fiat-priced order, what the current quote gives)
       * @example 50.00
       */
      requestedUsdcAmount: string;
      /**
       * @description What has not been paid: 0.00 once fulfilled. A cancelled (or expired) order keeps what was never paid, so requestedUsdcAmount less this is what was paid
       * @example 50.00
       */
      remainingUsdcAmount: string;
      /**
       * @description What payments have settled so far (extension). A cancelled or expired order paid in part keeps it: the merchant has received this much
       * @example 50.00
       */
      paidUsdcAmount: string;
      destinationAddress: string;
      destinationToken: string;
      /** @example 8453 */
      destinationChainId: string;
      /** @enum {string} */
      feePayer: "MERCHANT" | "PAYEE" | "SPLIT";
      buyerFeeShareBps: number | null;
      enabledRails: string[];
      successUrl: string | null;
      cancelUrl: string | null;
      /** @description The merchant's notes. null when read with the order's token: they are not the payer's to read */
      notes: {
        [key: string]: unknown;
      } | null;
      /** @description The merchant's metadata. null when read with the order's token: it is not the payer's to read */
      metadata: {
        [key: string]: string;
      } | null;
      referralSplitConfig: null;
      /** @description The payment link whose payer started it (extension). null when read with the order's token */
      paymentLinkId: string | null;
      /** @description When it was cancelled, or expired */
      cancelledAt: string | null;
      /** @description When payments had paid all of it */
      completedAt: string | null;
      /** @description The order's latest exception (extension): a payment that needs a person. null when none, or when read with the order's token */
      exception: {
        /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
        id: string;
        /**
         * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
         * @enum {string}
         */
        kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
        /** @enum {string} */
        status: "OPEN" | "RESOLVED";
        /**
         * Format: date-time
         * @description When it opened
         * @example 2026-01-15T12:00:00.000Z
         */
        openedAt: string;
        /** @description When it was resolved */
        resolvedAt: string | null;
        /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
        resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
        /** @description Who resolved it: a person's email, or system when the USDC came */
        resolvedBy: string | null;
        /** @description The owner's note */
        note: string | null;
        /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
        details: {
          /** @description What happened, in words a person can act on */
          reason: string;
          orderId?: string | null;
          intentHash?: string | null;
          depositId?: string | null;
          /** @description The payee the payer was shown */
          payeeHandle?: string | null;
          paymentPlatform?: string | null;
          fiatAmount?: string | null;
          fiatCurrency?: string | null;
          amountUsdc?: string | null;
          takerWallet?: string | null;
          signalTx?: string | null;
          /** @description PAID_LATE: the release that came */
          txHash?: string | null;
          signalledAt?: string | null;
          paymentSentAt?: string | null;
          intentExpiresAt?: string | null;
          attestedAt?: string | null;
        };
      } | null;
      /** @description FULFILLED because an owner marked it paid in full: who (extension) */
      markedBy: string | null;
      /** @description What its completed refunds gave back (extension); the status stays FULFILLED */
      refundedUsdcAmount: string;
      /**
       * @description none: no completed refund; partial: completed refunds gave back part of what was paid; full: all of it (extension)
       * @enum {string}
       */
      refundState: "none" | "partial" | "full";
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Last change
       * @example 2026-01-15T12:00:00.000Z
       */
      updatedAt: string;
    };
    /** @description A v1 payment (CheckoutPayment): one attempt by the payer on one rail */
    V1Payment: {
      /** @example ord_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      orderId: string;
      /** @enum {string} */
      status: "CREATED" | "SETTLED" | "CANCELLED" | "EXPIRED" | "FAILED";
      /** @example venmo */
      rail: string;
      /** @example USD */
      currency: string;
      /** @description The payee handle; null until the signal is mined */
      payTo: string | null;
      quote: {
        conversionRate: string;
        signalIntent: {
          processorName: string;
          depositId: string;
          /** @description USDC in micro-units */
          amount: string;
          toAddress: string;
          fiatCurrencyCode: string;
          payeeDetails: string | null;
        };
        intentHash: string | null;
      };
      /**
       * Format: date-time
       * @description The payer pays before this, or the payment expires
       * @example 2026-01-15T12:00:00.000Z
       */
      quoteExpiresAt: string;
      /**
       * @description The fiat the payer pays
       * @example 50.00
       */
      paymentAmount: string;
      currencyPerUsdRate: string;
      netSettledUsdcAmount: string | null;
      /**
       * @description The platform's spread (fiat-priced orders); 0.00 otherwise
       * @example 50.00
       */
      totalUsdcFeeAmount: string;
      referralFees: null;
      railIdentifier: string | null;
      fulfillTransaction: string | null;
      /** @description When it settled */
      completedAt: string | null;
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Last change
       * @example 2026-01-15T12:00:00.000Z
       */
      updatedAt: string;
    };
    /** @description A refund of an order (extension) */
    V1Refund: {
      /** @example rfd_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
      id: string;
      /** @description Why, as the payer reads it on the claim page */
      reason: string | null;
      /**
       * @description claim: the payer says where the USDC goes, and the merchant's wallet sends it; recorded: returned outside the service
       * @enum {string}
       */
      method: "claim" | "recorded";
      /**
       * @description AWAITING_CLAIM → AWAITING_TRANSFER (the payer claimed it) → COMPLETED (the transfer is confirmed; at once on the sandbox and for recorded), or CANCELLED (by the merchant, before the money moved) / EXPIRED (unclaimed for REFUND_CLAIM_TTL, 30 days); a reorg of the transfer moves COMPLETED back to AWAITING_TRANSFER
       * @enum {string}
       */
      status: "AWAITING_CLAIM" | "AWAITING_TRANSFER" | "COMPLETED" | "CANCELLED" | "EXPIRED";
      /** @description The payer's link to claim it (send it to them); null for recorded */
      claimUrl: string | null;
      /** @description Where the payer asked for the USDC, on the session's chain; null until claimed */
      payoutAddress: string | null;
      /** @description The transfer that completed it (seen, not yet enough or confirmed, while AWAITING_TRANSFER); null before */
      txHash: string | null;
      metadata: {
        [key: string]: string;
      } | null;
      /**
       * Format: date-time
       * @description Creation time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /** @description When the payer claimed it (last changed the address) */
      claimedAt: string | null;
      /** @description When it completed */
      completedAt: string | null;
      /** @description When the merchant cancelled it */
      cancelledAt: string | null;
      /**
       * Format: date-time
       * @description When it expires unless claimed
       * @example 2026-01-15T12:00:00.000Z
       */
      expiresAt: string;
      orderId: string;
      /**
       * @description What is given back
       * @example 10.00
       */
      usdcAmount: string;
    };
    V1CheckoutMerchant: {
      id: string;
      name: string;
      logoUrl: string | null;
      /** @enum {string} */
      environment: "LIVE" | "SANDBOX";
      disableBranding: boolean;
      checkoutTheme: {
        /** @enum {string} */
        presetName: "default" | "dark" | "light" | "custom";
        pageBackgroundColor: string | null;
        panelBackgroundColor: string | null;
        panelTextColor: string | null;
        panelTextMutedColor: string | null;
        panelAccentColor: string | null;
        panelBorderColor: string | null;
        buttonBackgroundColor: string | null;
        buttonTextColor: string | null;
      };
      defaultPaymentCurrency: null;
    };
    V1MerchantProfile: {
      id: string;
      name: string;
      logoUrl: string | null;
      /**
       * @description The display prefix of the key that asked, never the key itself
       * @example ck_AbC123…
       */
      apiKey: string | null;
      /** @enum {string} */
      environment: "LIVE" | "SANDBOX";
      sandboxMerchantId: null;
      evmWalletAddress: string | null;
      solanaWalletAddress: null;
      /** @enum {string} */
      tier: "FREE" | "PRO";
      /**
       * Format: date-time
       * @description Sign-up time
       * @example 2026-01-15T12:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Last change
       * @example 2026-01-15T12:00:00.000Z
       */
      updatedAt: string;
      merchantConfig: {
        id: string;
        merchantId: string;
        /** @enum {string} */
        feePayer: "MERCHANT" | "PAYEE" | "SPLIT";
        buyerFeeShareBps: number | null;
        enabledRails: string[];
        defaultPaymentCurrency: null;
        destinationChainId: string;
        destinationToken: string | null;
        sweepEnabled: boolean;
        recipientOverrideEnabled: boolean;
        disableBranding: boolean;
        merchantCheckoutTheme: {
          /** @enum {string} */
          presetName: "default" | "dark" | "light" | "custom";
          pageBackgroundColor: string | null;
          panelBackgroundColor: string | null;
          panelTextColor: string | null;
          panelTextMutedColor: string | null;
          panelAccentColor: string | null;
          panelBorderColor: string | null;
          buttonBackgroundColor: string | null;
          buttonTextColor: string | null;
        };
        platformReferralFeeConfig: null;
        referralSplitConfig: null;
        /**
         * Format: date-time
         * @description Sign-up time
         * @example 2026-01-15T12:00:00.000Z
         */
        createdAt: string;
        /**
         * Format: date-time
         * @description Last change
         * @example 2026-01-15T12:00:00.000Z
         */
        updatedAt: string;
      };
      merchantUsers: unknown[];
    };
    SessionListResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        sessions: components["schemas"]["Session"][];
        /** @description Pass as ?cursor= for the next page; null on the last page */
        nextCursor: string | null;
      };
      /** @constant */
      statusCode: 200;
    };
    CreatedSessionCreatedResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        session: components["schemas"]["Session"];
        /** @description The hosted checkout page to send the payer to */
        checkoutUrl: string;
      };
      /** @constant */
      statusCode: 201;
    };
    SessionDetailResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["SessionDetail"];
      /** @constant */
      statusCode: 200;
    };
    SessionOnlyResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        session: components["schemas"]["Session"];
      };
      /** @constant */
      statusCode: 200;
    };
    OrderOnlyResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        order: components["schemas"]["Order"];
      };
      /** @constant */
      statusCode: 200;
    };
    RefundListResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        refunds: components["schemas"]["Refund"][];
      };
      /** @constant */
      statusCode: 200;
    };
    RefundCreatedResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["Refund"];
      /** @constant */
      statusCode: 201;
    };
    StartedResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"];
        quote: components["schemas"]["Quote"];
        /** @description null on the real rail until the signal is mined: follow the order */
        intentHash: string | null;
        /**
         * Format: date-time
         * @description When the order expires unpaid
         * @example 2026-01-15T12:00:00.000Z
         */
        expiresAt: string;
      };
      /** @constant */
      statusCode: 200;
    };
    EventListResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        events: components["schemas"]["Event"][];
        /** @description Pass as ?cursor= for the next page; null on the last page */
        nextCursor: string | null;
      };
      /** @constant */
      statusCode: 200;
    };
    EventFeedResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        /** @description Oldest first */
        events: {
          id: string;
          /** @enum {string} */
          type:
            | "order.created"
            | "order.payment_sent"
            | "order.fulfilled"
            | "order.failed"
            | "order.expired"
            | "session.started"
            | "session.completed"
            | "session.abandoned"
            | "session.exception_opened"
            | "session.exception_resolved"
            | "refund.created"
            | "refund.claimed"
            | "refund.completed"
            | "refund.cancelled"
            | "refund.expired";
          /**
           * Format: date-time
           * @description When it was recorded
           * @example 2026-01-15T12:00:00.000Z
           */
          createdAt: string;
          sessionId: string | null;
          orderId: string | null;
          /** @description The body a webhook delivery of this event carries */
          payload: components["schemas"]["EventPayload"];
          /** @description The cursor just after this event, to resume part-way through a page */
          cursor: string;
        }[];
        /** @description Pass as ?after to resume after these events */
        cursor: string;
      };
      /** @constant */
      statusCode: 200;
    };
    HealthResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        /** @constant */
        status: "ok";
        /** @enum {string} */
        database: "pglite" | "postgres";
      };
      /** @constant */
      statusCode: 200;
    };
    LivenessResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        /** @constant */
        status: "alive";
      };
      /** @constant */
      statusCode: 200;
    };
    CreatedMerchantCreatedResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["MerchantWithApiKey"];
      /** @constant */
      statusCode: 201;
    };
    MerchantResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["Merchant"];
      /** @constant */
      statusCode: 200;
    };
    EmbeddingResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        /**
         * @description Origins allowed to frame the checkout
         * @example [
         *       "https://shop.example"
         *     ]
         */
        frameAncestors: string[];
      };
      /** @constant */
      statusCode: 200;
    };
    FulfilledResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        order: components["schemas"]["Order"];
        proofAttemptId: string;
        /** @description The release transaction; null while a proven release is under way (the real rail), or when a sandbox exception outcome released nothing */
        txHash: string | null;
        /** @description A sandbox exception outcome ({ "sandbox": true, "outcome": "unproven" | "blocked" | …}): the exception it opened */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
      };
      /** @constant */
      statusCode: 200;
    };
    PaymentLinkListResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        paymentLinks: {
          /** @example plink_5d2c9e0f1a3b4c6d8e7f9a0b1c2d3e4f */
          id: string;
          merchantId: string;
          /**
           * @description The link to share: it opens a fresh checkout for each payer
           * @example https://pay.example/l/q3Xk9v_2LmPa
           */
          url: string;
          /** @description The link's part of the url */
          slug: string;
          /** @description What the payer pays for */
          title: string;
          description: string | null;
          /** @description USDC (the merchant receives the amount) or a fiat code (the payer pays exactly the amount) */
          currency: string;
          /**
           * @description A fixed amount in the currency; null when the payer chooses
           * @example 25.00
           */
          amount: string | null;
          /**
           * @description The least a payer may choose; null for a fixed amount
           * @example 25.00
           */
          minAmount: string | null;
          /**
           * @description The most a payer may choose; null for a fixed amount
           * @example 25.00
           */
          maxAmount: string | null;
          maxFeePercentage: number | null;
          /** @description Who pays the real rail's fees on its sessions; null: the merchant's setting */
          feePayer: ("MERCHANT" | "PAYEE" | "SPLIT") | null;
          buyerFeeShareBps: number | null;
          destinationChainId: number;
          destinationToken: string;
          recipientAddress: string;
          successUrl: string | null;
          cancelUrl: string | null;
          /** @description What the payer is asked; the answers are the session's metadata under the same keys */
          fields: {
            /** @enum {string} */
            key: "name" | "email" | "reference";
            required: boolean;
          }[];
          /** @description Closed after this many completed payments; null: no limit */
          maxPayments: number | null;
          /** @description Closed after this moment; null: never */
          endsAt: string | null;
          /** @description false: paused by the merchant */
          active: boolean;
          /**
           * @description Whether a payer can start a payment now
           * @enum {string}
           */
          status: "ACTIVE" | "PAUSED" | "EXPIRED" | "LIMIT_REACHED";
          /** @description Sessions completed through it */
          payments: number;
          /**
           * @description The USDC of those sessions
           * @example 50.00
           */
          paidUsdc: string;
          /** @description Sessions started through it that are not paid, expired or cancelled yet */
          openSessions: number;
          /**
           * Format: date-time
           * @description Creation time
           * @example 2026-01-15T12:00:00.000Z
           */
          createdAt: string;
          /**
           * Format: date-time
           * @description Last change
           * @example 2026-01-15T12:00:00.000Z
           */
          updatedAt: string;
        }[];
        /** @description Pass as ?cursor= for the next page; null on the last page */
        nextCursor: string | null;
      };
      /** @constant */
      statusCode: 200;
    };
    PaymentLinkCreatedResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      /** @description A payment link */
      responseObject: {
        /** @example plink_5d2c9e0f1a3b4c6d8e7f9a0b1c2d3e4f */
        id: string;
        merchantId: string;
        /**
         * @description The link to share: it opens a fresh checkout for each payer
         * @example https://pay.example/l/q3Xk9v_2LmPa
         */
        url: string;
        /** @description The link's part of the url */
        slug: string;
        /** @description What the payer pays for */
        title: string;
        description: string | null;
        /** @description USDC (the merchant receives the amount) or a fiat code (the payer pays exactly the amount) */
        currency: string;
        /**
         * @description A fixed amount in the currency; null when the payer chooses
         * @example 25.00
         */
        amount: string | null;
        /**
         * @description The least a payer may choose; null for a fixed amount
         * @example 25.00
         */
        minAmount: string | null;
        /**
         * @description The most a payer may choose; null for a fixed amount
         * @example 25.00
         */
        maxAmount: string | null;
        maxFeePercentage: number | null;
        /** @description Who pays the real rail's fees on its sessions; null: the merchant's setting */
        feePayer: ("MERCHANT" | "PAYEE" | "SPLIT") | null;
        buyerFeeShareBps: number | null;
        destinationChainId: number;
        destinationToken: string;
        recipientAddress: string;
        successUrl: string | null;
        cancelUrl: string | null;
        /** @description What the payer is asked; the answers are the session's metadata under the same keys */
        fields: {
          /** @enum {string} */
          key: "name" | "email" | "reference";
          required: boolean;
        }[];
        /** @description Closed after this many completed payments; null: no limit */
        maxPayments: number | null;
        /** @description Closed after this moment; null: never */
        endsAt: string | null;
        /** @description false: paused by the merchant */
        active: boolean;
        /**
         * @description Whether a payer can start a payment now
         * @enum {string}
         */
        status: "ACTIVE" | "PAUSED" | "EXPIRED" | "LIMIT_REACHED";
        /** @description Sessions completed through it */
        payments: number;
        /**
         * @description The USDC of those sessions
         * @example 50.00
         */
        paidUsdc: string;
        /** @description Sessions started through it that are not paid, expired or cancelled yet */
        openSessions: number;
        /**
         * Format: date-time
         * @description Creation time
         * @example 2026-01-15T12:00:00.000Z
         */
        createdAt: string;
        /**
         * Format: date-time
         * @description Last change
         * @example 2026-01-15T12:00:00.000Z
         */
        updatedAt: string;
      };
      /** @constant */
      statusCode: 201;
    };
    PaymentLinkResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      /** @description A payment link */
      responseObject: {
        /** @example plink_5d2c9e0f1a3b4c6d8e7f9a0b1c2d3e4f */
        id: string;
        merchantId: string;
        /**
         * @description The link to share: it opens a fresh checkout for each payer
         * @example https://pay.example/l/q3Xk9v_2LmPa
         */
        url: string;
        /** @description The link's part of the url */
        slug: string;
        /** @description What the payer pays for */
        title: string;
        description: string | null;
        /** @description USDC (the merchant receives the amount) or a fiat code (the payer pays exactly the amount) */
        currency: string;
        /**
         * @description A fixed amount in the currency; null when the payer chooses
         * @example 25.00
         */
        amount: string | null;
        /**
         * @description The least a payer may choose; null for a fixed amount
         * @example 25.00
         */
        minAmount: string | null;
        /**
         * @description The most a payer may choose; null for a fixed amount
         * @example 25.00
         */
        maxAmount: string | null;
        maxFeePercentage: number | null;
        /** @description Who pays the real rail's fees on its sessions; null: the merchant's setting */
        feePayer: ("MERCHANT" | "PAYEE" | "SPLIT") | null;
        buyerFeeShareBps: number | null;
        destinationChainId: number;
        destinationToken: string;
        recipientAddress: string;
        successUrl: string | null;
        cancelUrl: string | null;
        /** @description What the payer is asked; the answers are the session's metadata under the same keys */
        fields: {
          /** @enum {string} */
          key: "name" | "email" | "reference";
          required: boolean;
        }[];
        /** @description Closed after this many completed payments; null: no limit */
        maxPayments: number | null;
        /** @description Closed after this moment; null: never */
        endsAt: string | null;
        /** @description false: paused by the merchant */
        active: boolean;
        /**
         * @description Whether a payer can start a payment now
         * @enum {string}
         */
        status: "ACTIVE" | "PAUSED" | "EXPIRED" | "LIMIT_REACHED";
        /** @description Sessions completed through it */
        payments: number;
        /**
         * @description The USDC of those sessions
         * @example 50.00
         */
        paidUsdc: string;
        /** @description Sessions started through it that are not paid, expired or cancelled yet */
        openSessions: number;
        /**
         * Format: date-time
         * @description Creation time
         * @example 2026-01-15T12:00:00.000Z
         */
        createdAt: string;
        /**
         * Format: date-time
         * @description Last change
         * @example 2026-01-15T12:00:00.000Z
         */
        updatedAt: string;
      };
      /** @constant */
      statusCode: 200;
    };
    RefundResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["Refund"];
      /** @constant */
      statusCode: 200;
    };
    V1MerchantProfileResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["V1MerchantProfile"];
      /** @constant */
      statusCode: 200;
    };
    V1CreatedOrderCreatedResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        order: components["schemas"]["V1Order"];
        /**
         * @description The payer's credential: in this response only
         * @example otk_…
         */
        orderToken: string;
        /** @description The payer's link: {checkout_url}/?order=<id>&token=<orderToken> */
        checkoutUrl: string;
      };
      /** @constant */
      statusCode: 201;
    };
    V1OrderAggregateResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        order: components["schemas"]["V1Order"];
        merchant: components["schemas"]["V1CheckoutMerchant"];
        currentPayment: components["schemas"]["V1Payment"] | null;
      };
      /** @constant */
      statusCode: 200;
    };
    V1CancelledOrderResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        order: components["schemas"]["V1Order"];
      };
      /** @constant */
      statusCode: 200;
    };
    V1PaymentListResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        payments: components["schemas"]["V1Payment"][];
      };
      /** @constant */
      statusCode: 200;
    };
    V1RefundListResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        refunds: components["schemas"]["V1Refund"][];
      };
      /** @constant */
      statusCode: 200;
    };
    V1RefundCreatedResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        refund: components["schemas"]["V1Refund"];
      };
      /** @constant */
      statusCode: 201;
    };
    V1PaymentLinkListResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        paymentLinks: {
          /** @example plink_5d2c9e0f1a3b4c6d8e7f9a0b1c2d3e4f */
          id: string;
          merchantId: string;
          /**
           * @description The link to share: it opens a fresh checkout for each payer
           * @example https://pay.example/l/q3Xk9v_2LmPa
           */
          url: string;
          /** @description The link's part of the url */
          slug: string;
          /** @description What the payer pays for */
          title: string;
          description: string | null;
          /** @description USDC (the merchant receives the amount) or a fiat code (the payer pays exactly the amount) */
          currency: string;
          /**
           * @description A fixed amount in the currency; null when the payer chooses
           * @example 25.00
           */
          amount: string | null;
          /**
           * @description The least a payer may choose; null for a fixed amount
           * @example 25.00
           */
          minAmount: string | null;
          /**
           * @description The most a payer may choose; null for a fixed amount
           * @example 25.00
           */
          maxAmount: string | null;
          maxFeePercentage: number | null;
          /** @description Who pays the real rail's fees on its sessions; null: the merchant's setting */
          feePayer: ("MERCHANT" | "PAYEE" | "SPLIT") | null;
          buyerFeeShareBps: number | null;
          destinationToken: string;
          successUrl: string | null;
          cancelUrl: string | null;
          /** @description What the payer is asked; the answers are the session's metadata under the same keys */
          fields: {
            /** @enum {string} */
            key: "name" | "email" | "reference";
            required: boolean;
          }[];
          /** @description Closed after this many completed payments; null: no limit */
          maxPayments: number | null;
          /** @description Closed after this moment; null: never */
          endsAt: string | null;
          /** @description false: paused by the merchant */
          active: boolean;
          /**
           * @description Whether a payer can start a payment now
           * @enum {string}
           */
          status: "ACTIVE" | "PAUSED" | "EXPIRED" | "LIMIT_REACHED";
          /** @description Sessions completed through it */
          payments: number;
          /**
           * @description The USDC of those sessions
           * @example 50.00
           */
          paidUsdc: string;
          /** @description Sessions started through it that are not paid, expired or cancelled yet */
          openSessions: number;
          /**
           * Format: date-time
           * @description Creation time
           * @example 2026-01-15T12:00:00.000Z
           */
          createdAt: string;
          /**
           * Format: date-time
           * @description Last change
           * @example 2026-01-15T12:00:00.000Z
           */
          updatedAt: string;
          destinationAddress: string;
          /** @example 8453 */
          destinationChainId: string;
        }[];
        /** @description Pass as ?cursor= for the next page; null on the last page */
        nextCursor: string | null;
      };
      /** @constant */
      statusCode: 200;
    };
    V1PaymentLinkCreatedResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      /** @description A payment link (v1 style) */
      responseObject: {
        /** @example plink_5d2c9e0f1a3b4c6d8e7f9a0b1c2d3e4f */
        id: string;
        merchantId: string;
        /**
         * @description The link to share: it opens a fresh checkout for each payer
         * @example https://pay.example/l/q3Xk9v_2LmPa
         */
        url: string;
        /** @description The link's part of the url */
        slug: string;
        /** @description What the payer pays for */
        title: string;
        description: string | null;
        /** @description USDC (the merchant receives the amount) or a fiat code (the payer pays exactly the amount) */
        currency: string;
        /**
         * @description A fixed amount in the currency; null when the payer chooses
         * @example 25.00
         */
        amount: string | null;
        /**
         * @description The least a payer may choose; null for a fixed amount
         * @example 25.00
         */
        minAmount: string | null;
        /**
         * @description The most a payer may choose; null for a fixed amount
         * @example 25.00
         */
        maxAmount: string | null;
        maxFeePercentage: number | null;
        /** @description Who pays the real rail's fees on its sessions; null: the merchant's setting */
        feePayer: ("MERCHANT" | "PAYEE" | "SPLIT") | null;
        buyerFeeShareBps: number | null;
        destinationToken: string;
        successUrl: string | null;
        cancelUrl: string | null;
        /** @description What the payer is asked; the answers are the session's metadata under the same keys */
        fields: {
          /** @enum {string} */
          key: "name" | "email" | "reference";
          required: boolean;
        }[];
        /** @description Closed after this many completed payments; null: no limit */
        maxPayments: number | null;
        /** @description Closed after this moment; null: never */
        endsAt: string | null;
        /** @description false: paused by the merchant */
        active: boolean;
        /**
         * @description Whether a payer can start a payment now
         * @enum {string}
         */
        status: "ACTIVE" | "PAUSED" | "EXPIRED" | "LIMIT_REACHED";
        /** @description Sessions completed through it */
        payments: number;
        /**
         * @description The USDC of those sessions
         * @example 50.00
         */
        paidUsdc: string;
        /** @description Sessions started through it that are not paid, expired or cancelled yet */
        openSessions: number;
        /**
         * Format: date-time
         * @description Creation time
         * @example 2026-01-15T12:00:00.000Z
         */
        createdAt: string;
        /**
         * Format: date-time
         * @description Last change
         * @example 2026-01-15T12:00:00.000Z
         */
        updatedAt: string;
        destinationAddress: string;
        /** @example 8453 */
        destinationChainId: string;
      };
      /** @constant */
      statusCode: 201;
    };
    V1PaymentLinkResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      /** @description A payment link (v1 style) */
      responseObject: {
        /** @example plink_5d2c9e0f1a3b4c6d8e7f9a0b1c2d3e4f */
        id: string;
        merchantId: string;
        /**
         * @description The link to share: it opens a fresh checkout for each payer
         * @example https://pay.example/l/q3Xk9v_2LmPa
         */
        url: string;
        /** @description The link's part of the url */
        slug: string;
        /** @description What the payer pays for */
        title: string;
        description: string | null;
        /** @description USDC (the merchant receives the amount) or a fiat code (the payer pays exactly the amount) */
        currency: string;
        /**
         * @description A fixed amount in the currency; null when the payer chooses
         * @example 25.00
         */
        amount: string | null;
        /**
         * @description The least a payer may choose; null for a fixed amount
         * @example 25.00
         */
        minAmount: string | null;
        /**
         * @description The most a payer may choose; null for a fixed amount
         * @example 25.00
         */
        maxAmount: string | null;
        maxFeePercentage: number | null;
        /** @description Who pays the real rail's fees on its sessions; null: the merchant's setting */
        feePayer: ("MERCHANT" | "PAYEE" | "SPLIT") | null;
        buyerFeeShareBps: number | null;
        destinationToken: string;
        successUrl: string | null;
        cancelUrl: string | null;
        /** @description What the payer is asked; the answers are the session's metadata under the same keys */
        fields: {
          /** @enum {string} */
          key: "name" | "email" | "reference";
          required: boolean;
        }[];
        /** @description Closed after this many completed payments; null: no limit */
        maxPayments: number | null;
        /** @description Closed after this moment; null: never */
        endsAt: string | null;
        /** @description false: paused by the merchant */
        active: boolean;
        /**
         * @description Whether a payer can start a payment now
         * @enum {string}
         */
        status: "ACTIVE" | "PAUSED" | "EXPIRED" | "LIMIT_REACHED";
        /** @description Sessions completed through it */
        payments: number;
        /**
         * @description The USDC of those sessions
         * @example 50.00
         */
        paidUsdc: string;
        /** @description Sessions started through it that are not paid, expired or cancelled yet */
        openSessions: number;
        /**
         * Format: date-time
         * @description Creation time
         * @example 2026-01-15T12:00:00.000Z
         */
        createdAt: string;
        /**
         * Format: date-time
         * @description Last change
         * @example 2026-01-15T12:00:00.000Z
         */
        updatedAt: string;
        destinationAddress: string;
        /** @example 8453 */
        destinationChainId: string;
      };
      /** @constant */
      statusCode: 200;
    };
    V1RefundResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        refund: components["schemas"]["V1Refund"];
      };
      /** @constant */
      statusCode: 200;
    };
    V1WebhookListResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        webhooks: components["schemas"]["V1Webhook"][];
      };
      /** @constant */
      statusCode: 200;
    };
    V1CreatedWebhookCreatedResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["V1WebhookWithSecret"];
      /** @constant */
      statusCode: 201;
    };
    V1WebhookResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["V1Webhook"];
      /** @constant */
      statusCode: 200;
    };
    NoneResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 200;
    };
    V1DeliveryListResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        deliveries: components["schemas"]["Delivery"][];
        /** @description Pass as ?cursor= for the next page; null on the last page */
        nextCursor: string | null;
      };
      /** @constant */
      statusCode: 200;
    };
    V1DeliveryDetailResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["V1DeliveryDetail"];
      /** @constant */
      statusCode: 200;
    };
    V1DeliveryResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["Delivery"];
      /** @constant */
      statusCode: 200;
    };
    V1RotatedWebhookResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["V1WebhookWithRotatedSecret"];
      /** @constant */
      statusCode: 200;
    };
    TestResultResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        /** @description Whether the endpoint answered 2xx */
        success: boolean;
        deliveryId: string;
        responseCode: number | null;
        /** @description When it failed: why */
        error?: string;
      };
      /** @constant */
      statusCode: 200;
    };
    WebhookListResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        webhooks: components["schemas"]["Webhook"][];
      };
      /** @constant */
      statusCode: 200;
    };
    CreatedWebhookCreatedResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["WebhookWithSecret"];
      /** @constant */
      statusCode: 201;
    };
    WebhookResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["Webhook"];
      /** @constant */
      statusCode: 200;
    };
    DeliveryListResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: {
        deliveries: components["schemas"]["Delivery"][];
        /** @description Pass as ?cursor= for the next page; null on the last page */
        nextCursor: string | null;
      };
      /** @constant */
      statusCode: 200;
    };
    DeliveryDetailResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["DeliveryDetail"];
      /** @constant */
      statusCode: 200;
    };
    DeliveryResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["Delivery"];
      /** @constant */
      statusCode: 200;
    };
    RotatedWebhookResponse: {
      /** @constant */
      success: true;
      /**
       * @description A human-readable summary
       * @example Checkout session created
       */
      message: string;
      responseObject: components["schemas"]["WebhookWithRotatedSecret"];
      /** @constant */
      statusCode: 200;
    };
    Error400: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 400;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "VALIDATION_FAILED" | "INVALID_JSON" | "PROOF_INVALID" | "PROOF_EXPIRED" | "FULFILL_REVERTED";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
    };
    Error401: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 401;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "UNAUTHENTICATED";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
    };
    Error403: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 403;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "FORBIDDEN";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
    };
    Error404: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 404;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "NOT_FOUND";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
    };
    Error405: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 405;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "METHOD_NOT_ALLOWED";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
    };
    Error409: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 409;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "CONFLICT" | "NAME_TAKEN" | "IDEMPOTENCY_CONFLICT" | "FEE_THRESHOLD_EXCEEDED";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
    };
    Error413: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 413;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "PAYLOAD_TOO_LARGE";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
    };
    Error429: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 429;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "RATE_LIMITED" | "TOO_MANY_OPEN_PAYMENTS";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
    };
    Error500: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 500;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "INTERNAL";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
    };
    Error503: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 503;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "UNAVAILABLE";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
    };
    V1Error400: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 400;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "VALIDATION_FAILED" | "INVALID_JSON" | "PROOF_INVALID" | "PROOF_EXPIRED" | "FULFILL_REVERTED";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
      /**
       * @description v1: the error's code as today's ZKP2P Pay names it (VALIDATION_ERROR, NOT_FOUND, …)
       * @enum {string}
       */
      errorCode: "VALIDATION_ERROR" | "PROOF_INVALID" | "PROOF_EXPIRED" | "FULFILL_REVERTED";
    };
    V1Error401: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 401;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "UNAUTHENTICATED";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
      /**
       * @description v1: the error's code as today's ZKP2P Pay names it (VALIDATION_ERROR, NOT_FOUND, …)
       * @enum {string}
       */
      errorCode: "UNAUTHENTICATED";
    };
    V1Error403: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 403;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "FORBIDDEN";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
      /**
       * @description v1: the error's code as today's ZKP2P Pay names it (VALIDATION_ERROR, NOT_FOUND, …)
       * @enum {string}
       */
      errorCode: "FORBIDDEN";
    };
    V1Error404: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 404;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "NOT_FOUND";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
      /**
       * @description v1: the error's code as today's ZKP2P Pay names it (VALIDATION_ERROR, NOT_FOUND, …)
       * @enum {string}
       */
      errorCode: "NOT_FOUND";
    };
    V1Error405: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 405;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "METHOD_NOT_ALLOWED";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
      /**
       * @description v1: the error's code as today's ZKP2P Pay names it (VALIDATION_ERROR, NOT_FOUND, …)
       * @enum {string}
       */
      errorCode: "METHOD_NOT_ALLOWED";
    };
    V1Error409: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 409;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "CONFLICT" | "NAME_TAKEN" | "IDEMPOTENCY_CONFLICT" | "FEE_THRESHOLD_EXCEEDED";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
      /**
       * @description v1: the error's code as today's ZKP2P Pay names it (VALIDATION_ERROR, NOT_FOUND, …)
       * @enum {string}
       */
      errorCode: "CONFLICT" | "NAME_TAKEN" | "IDEMPOTENCY_CONFLICT" | "FEE_THRESHOLD_EXCEEDED";
    };
    V1Error413: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 413;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "PAYLOAD_TOO_LARGE";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
      /**
       * @description v1: the error's code as today's ZKP2P Pay names it (VALIDATION_ERROR, NOT_FOUND, …)
       * @enum {string}
       */
      errorCode: "PAYLOAD_TOO_LARGE";
    };
    V1Error429: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 429;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "RATE_LIMITED" | "TOO_MANY_OPEN_PAYMENTS";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
      /**
       * @description v1: the error's code as today's ZKP2P Pay names it (VALIDATION_ERROR, NOT_FOUND, …)
       * @enum {string}
       */
      errorCode: "RATE_LIMITED" | "TOO_MANY_OPEN_PAYMENTS";
    };
    V1Error500: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 500;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "INTERNAL";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
      /**
       * @description v1: the error's code as today's ZKP2P Pay names it (VALIDATION_ERROR, NOT_FOUND, …)
       * @enum {string}
       */
      errorCode: "INTERNAL";
    };
    V1Error503: {
      /** @constant */
      success: false;
      /**
       * @description What went wrong, for people
       * @example amountUsdc: must be a decimal string
       */
      message: string;
      responseObject: null;
      /** @constant */
      statusCode: 503;
      error: {
        /**
         * @description Stable, for programs
         * @enum {string}
         */
        code: "UNAVAILABLE";
        /** @description e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED */
        details?: {
          [key: string]: unknown;
        };
      };
      /**
       * @description v1: the error's code as today's ZKP2P Pay names it (VALIDATION_ERROR, NOT_FOUND, …)
       * @enum {string}
       */
      errorCode: "UNAVAILABLE";
    };
    /** @description The v1 ORDER_CREATED event, as POSTed to v1 webhooks */
    V1OrderCreatedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "ORDER_CREATED";
      data: {
        order: components["schemas"]["V1Order"];
        payment: components["schemas"]["V1Payment"] | null;
        paymentBridge: null;
      };
    };
    /** @description The v1 ORDER_FULFILLED event, as POSTed to v1 webhooks */
    V1OrderFulfilledEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "ORDER_FULFILLED";
      data: {
        order: components["schemas"]["V1Order"];
        payment: components["schemas"]["V1Payment"] | null;
        paymentBridge: null;
      };
    };
    /** @description The v1 ORDER_CANCELLED event, as POSTed to v1 webhooks */
    V1OrderCancelledEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "ORDER_CANCELLED";
      data: {
        order: components["schemas"]["V1Order"];
        payment: components["schemas"]["V1Payment"] | null;
        paymentBridge: null;
      };
    };
    /** @description The v1 PAYMENT_CREATED event, as POSTed to v1 webhooks */
    V1PaymentCreatedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "PAYMENT_CREATED";
      data: {
        order: components["schemas"]["V1Order"];
        payment: components["schemas"]["V1Payment"] | null;
        paymentBridge: null;
      };
    };
    /** @description The v1 PAYMENT_SETTLED event, as POSTed to v1 webhooks */
    V1PaymentSettledEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "PAYMENT_SETTLED";
      data: {
        order: components["schemas"]["V1Order"];
        payment: components["schemas"]["V1Payment"] | null;
        paymentBridge: null;
      };
    };
    /** @description The v1 PAYMENT_CANCELLED event, as POSTed to v1 webhooks */
    V1PaymentCancelledEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "PAYMENT_CANCELLED";
      data: {
        order: components["schemas"]["V1Order"];
        payment: components["schemas"]["V1Payment"] | null;
        paymentBridge: null;
      };
    };
    /** @description The v1 PAYMENT_EXPIRED event, as POSTed to v1 webhooks */
    V1PaymentExpiredEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "PAYMENT_EXPIRED";
      data: {
        order: components["schemas"]["V1Order"];
        payment: components["schemas"]["V1Payment"] | null;
        paymentBridge: null;
      };
    };
    /** @description The v1 PAYMENT_FAILED event, as POSTed to v1 webhooks */
    V1PaymentFailedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "PAYMENT_FAILED";
      data: {
        order: components["schemas"]["V1Order"];
        payment: components["schemas"]["V1Payment"] | null;
        paymentBridge: null;
      };
    };
    /** @description The v1 ORDER_EXCEPTION_OPENED event, as POSTed to v1 webhooks */
    V1OrderExceptionOpenedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "ORDER_EXCEPTION_OPENED";
      data: {
        order: components["schemas"]["V1Order"];
        payment: components["schemas"]["V1Payment"] | null;
        paymentBridge: null;
      };
    };
    /** @description The v1 ORDER_EXCEPTION_RESOLVED event, as POSTed to v1 webhooks */
    V1OrderExceptionResolvedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "ORDER_EXCEPTION_RESOLVED";
      data: {
        order: components["schemas"]["V1Order"];
        payment: components["schemas"]["V1Payment"] | null;
        paymentBridge: null;
      };
    };
    /** @description The v1 REFUND_PENDING event, as POSTed to v1 webhooks */
    V1RefundPendingEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "REFUND_PENDING";
      data: {
        order: components["schemas"]["V1Order"];
        payment: components["schemas"]["V1Payment"] | null;
        paymentBridge: null;
        refund: components["schemas"]["V1Refund"];
      };
    };
    /** @description The v1 REFUND_COMPLETED event, as POSTed to v1 webhooks */
    V1RefundCompletedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "REFUND_COMPLETED";
      data: {
        order: components["schemas"]["V1Order"];
        payment: components["schemas"]["V1Payment"] | null;
        paymentBridge: null;
        refund: components["schemas"]["V1Refund"];
      };
    };
    /** @description The v1 REFUND_CANCELLED event, as POSTed to v1 webhooks */
    V1RefundCancelledEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "REFUND_CANCELLED";
      data: {
        order: components["schemas"]["V1Order"];
        payment: components["schemas"]["V1Payment"] | null;
        paymentBridge: null;
        refund: components["schemas"]["V1Refund"];
      };
    };
    /** @description The order.created event, as POSTed to webhooks */
    OrderCreatedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "order.created";
      data: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"] | null;
        /** @description order.fulfilled and session.completed: the release transaction */
        txHash?: string;
        /** @description order.failed: why the proof was refused */
        error?: {
          code: string;
          message: string;
        };
        /** @description session.exception_opened and session.exception_resolved: the exception */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
        /** @description refund.*: the refund */
        refund?: components["schemas"]["Refund"];
      };
    };
    /** @description The order.payment_sent event, as POSTed to webhooks */
    OrderPaymentSentEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "order.payment_sent";
      data: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"] | null;
        /** @description order.fulfilled and session.completed: the release transaction */
        txHash?: string;
        /** @description order.failed: why the proof was refused */
        error?: {
          code: string;
          message: string;
        };
        /** @description session.exception_opened and session.exception_resolved: the exception */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
        /** @description refund.*: the refund */
        refund?: components["schemas"]["Refund"];
      };
    };
    /** @description The order.fulfilled event, as POSTed to webhooks */
    OrderFulfilledEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "order.fulfilled";
      data: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"] | null;
        /** @description order.fulfilled and session.completed: the release transaction */
        txHash?: string;
        /** @description order.failed: why the proof was refused */
        error?: {
          code: string;
          message: string;
        };
        /** @description session.exception_opened and session.exception_resolved: the exception */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
        /** @description refund.*: the refund */
        refund?: components["schemas"]["Refund"];
      };
    };
    /** @description The order.failed event, as POSTed to webhooks */
    OrderFailedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "order.failed";
      data: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"] | null;
        /** @description order.fulfilled and session.completed: the release transaction */
        txHash?: string;
        /** @description order.failed: why the proof was refused */
        error?: {
          code: string;
          message: string;
        };
        /** @description session.exception_opened and session.exception_resolved: the exception */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
        /** @description refund.*: the refund */
        refund?: components["schemas"]["Refund"];
      };
    };
    /** @description The order.expired event, as POSTed to webhooks */
    OrderExpiredEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "order.expired";
      data: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"] | null;
        /** @description order.fulfilled and session.completed: the release transaction */
        txHash?: string;
        /** @description order.failed: why the proof was refused */
        error?: {
          code: string;
          message: string;
        };
        /** @description session.exception_opened and session.exception_resolved: the exception */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
        /** @description refund.*: the refund */
        refund?: components["schemas"]["Refund"];
      };
    };
    /** @description The session.started event, as POSTed to webhooks */
    SessionStartedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "session.started";
      data: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"] | null;
        /** @description order.fulfilled and session.completed: the release transaction */
        txHash?: string;
        /** @description order.failed: why the proof was refused */
        error?: {
          code: string;
          message: string;
        };
        /** @description session.exception_opened and session.exception_resolved: the exception */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
        /** @description refund.*: the refund */
        refund?: components["schemas"]["Refund"];
      };
    };
    /** @description The session.completed event, as POSTed to webhooks */
    SessionCompletedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "session.completed";
      data: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"] | null;
        /** @description order.fulfilled and session.completed: the release transaction */
        txHash?: string;
        /** @description order.failed: why the proof was refused */
        error?: {
          code: string;
          message: string;
        };
        /** @description session.exception_opened and session.exception_resolved: the exception */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
        /** @description refund.*: the refund */
        refund?: components["schemas"]["Refund"];
      };
    };
    /** @description The session.abandoned event, as POSTed to webhooks */
    SessionAbandonedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "session.abandoned";
      data: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"] | null;
        /** @description order.fulfilled and session.completed: the release transaction */
        txHash?: string;
        /** @description order.failed: why the proof was refused */
        error?: {
          code: string;
          message: string;
        };
        /** @description session.exception_opened and session.exception_resolved: the exception */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
        /** @description refund.*: the refund */
        refund?: components["schemas"]["Refund"];
      };
    };
    /** @description The session.exception_opened event, as POSTed to webhooks */
    SessionExceptionOpenedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "session.exception_opened";
      data: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"] | null;
        /** @description order.fulfilled and session.completed: the release transaction */
        txHash?: string;
        /** @description order.failed: why the proof was refused */
        error?: {
          code: string;
          message: string;
        };
        /** @description session.exception_opened and session.exception_resolved: the exception */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
        /** @description refund.*: the refund */
        refund?: components["schemas"]["Refund"];
      };
    };
    /** @description The session.exception_resolved event, as POSTed to webhooks */
    SessionExceptionResolvedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "session.exception_resolved";
      data: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"] | null;
        /** @description order.fulfilled and session.completed: the release transaction */
        txHash?: string;
        /** @description order.failed: why the proof was refused */
        error?: {
          code: string;
          message: string;
        };
        /** @description session.exception_opened and session.exception_resolved: the exception */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
        /** @description refund.*: the refund */
        refund?: components["schemas"]["Refund"];
      };
    };
    /** @description The refund.created event, as POSTed to webhooks */
    RefundCreatedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "refund.created";
      data: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"] | null;
        /** @description order.fulfilled and session.completed: the release transaction */
        txHash?: string;
        /** @description order.failed: why the proof was refused */
        error?: {
          code: string;
          message: string;
        };
        /** @description session.exception_opened and session.exception_resolved: the exception */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
        /** @description refund.*: the refund */
        refund?: components["schemas"]["Refund"];
      };
    };
    /** @description The refund.claimed event, as POSTed to webhooks */
    RefundClaimedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "refund.claimed";
      data: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"] | null;
        /** @description order.fulfilled and session.completed: the release transaction */
        txHash?: string;
        /** @description order.failed: why the proof was refused */
        error?: {
          code: string;
          message: string;
        };
        /** @description session.exception_opened and session.exception_resolved: the exception */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
        /** @description refund.*: the refund */
        refund?: components["schemas"]["Refund"];
      };
    };
    /** @description The refund.completed event, as POSTed to webhooks */
    RefundCompletedEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "refund.completed";
      data: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"] | null;
        /** @description order.fulfilled and session.completed: the release transaction */
        txHash?: string;
        /** @description order.failed: why the proof was refused */
        error?: {
          code: string;
          message: string;
        };
        /** @description session.exception_opened and session.exception_resolved: the exception */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
        /** @description refund.*: the refund */
        refund?: components["schemas"]["Refund"];
      };
    };
    /** @description The refund.cancelled event, as POSTed to webhooks */
    RefundCancelledEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "refund.cancelled";
      data: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"] | null;
        /** @description order.fulfilled and session.completed: the release transaction */
        txHash?: string;
        /** @description order.failed: why the proof was refused */
        error?: {
          code: string;
          message: string;
        };
        /** @description session.exception_opened and session.exception_resolved: the exception */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
        /** @description refund.*: the refund */
        refund?: components["schemas"]["Refund"];
      };
    };
    /** @description The refund.expired event, as POSTed to webhooks */
    RefundExpiredEvent: {
      /**
       * @description The event id; the same on every retry of a delivery
       * @example evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b
       */
      id: string;
      /**
       * Format: date-time
       * @description When the event happened
       * @example 2026-01-15T12:00:00.000Z
       */
      timestamp: string;
      /** @constant */
      type: "refund.expired";
      data: {
        session: components["schemas"]["Session"];
        order: components["schemas"]["Order"] | null;
        /** @description order.fulfilled and session.completed: the release transaction */
        txHash?: string;
        /** @description order.failed: why the proof was refused */
        error?: {
          code: string;
          message: string;
        };
        /** @description session.exception_opened and session.exception_resolved: the exception */
        exception?: {
          /** @example exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b */
          id: string;
          /**
           * @description PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended
           * @enum {string}
           */
          kind: "PAID_UNPROVEN" | "RELEASE_BLOCKED" | "PAID_LATE" | "PARTLY_PAID" | "PAID_ON_CANCELLED";
          /** @enum {string} */
          status: "OPEN" | "RESOLVED";
          /**
           * Format: date-time
           * @description When it opened
           * @example 2026-01-15T12:00:00.000Z
           */
          openedAt: string;
          /** @description When it was resolved */
          resolvedAt: string | null;
          /** @description RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note */
          resolution: ("RELEASED" | "MARKED_PAID" | "DISMISSED") | null;
          /** @description Who resolved it: a person's email, or system when the USDC came */
          resolvedBy: string | null;
          /** @description The owner's note */
          note: string | null;
          /** @description What is known: what a maker or ZKP2P's support needs to find the payment */
          details: {
            /** @description What happened, in words a person can act on */
            reason: string;
            orderId?: string | null;
            intentHash?: string | null;
            depositId?: string | null;
            /** @description The payee the payer was shown */
            payeeHandle?: string | null;
            paymentPlatform?: string | null;
            fiatAmount?: string | null;
            fiatCurrency?: string | null;
            amountUsdc?: string | null;
            takerWallet?: string | null;
            signalTx?: string | null;
            /** @description PAID_LATE: the release that came */
            txHash?: string | null;
            signalledAt?: string | null;
            paymentSentAt?: string | null;
            intentExpiresAt?: string | null;
            attestedAt?: string | null;
          };
        };
        /** @description refund.*: the refund */
        refund?: components["schemas"]["Refund"];
      };
    };
    AnyError404: components["schemas"]["Error404"] | components["schemas"]["V1Error404"];
    AnyError405: components["schemas"]["Error405"] | components["schemas"]["V1Error405"];
  };
  responses: {
    /** @description METHOD_NOT_ALLOWED: the Allow header lists the methods this path serves */
    MethodNotAllowed: {
      headers: {
        Allow: components["headers"]["Allow"];
        "X-Request-Id": components["headers"]["X-Request-Id"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["AnyError405"];
      };
    };
    /** @description NOT_FOUND: no route serves this path, whatever the method */
    UnknownRoute: {
      headers: {
        "X-Request-Id": components["headers"]["X-Request-Id"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["AnyError404"];
      };
    };
  };
  parameters: {
    /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
    IdempotencyKey: string;
  };
  requestBodies: never;
  headers: {
    /** @description The request's id: the X-Request-Id the client sent (first 100 characters), or a generated UUID. Quote it in support requests. */
    "X-Request-Id": string;
    /** @description The request's id: the X-Request-Id the client sent (first 100 characters), or a generated UUID. Quote it in support requests. */
    "X-Request-Id.optional": string;
    /** @description Requests allowed in the current window */
    "RateLimit-Limit": string;
    /** @description Requests allowed in the current window */
    "RateLimit-Limit.optional": string;
    /** @description Requests left in the current window */
    "RateLimit-Remaining": string;
    /** @description Requests left in the current window */
    "RateLimit-Remaining.optional": string;
    /** @description Seconds until the window resets */
    "RateLimit-Reset": string;
    /** @description Seconds until the window resets */
    "RateLimit-Reset.optional": string;
    /** @description Seconds to wait before retrying */
    "Retry-After": string;
    /** @description Seconds to wait before retrying */
    "Retry-After.optional": string;
    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key */
    "Idempotent-Replayed": "true";
    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key */
    "Idempotent-Replayed.optional": "true";
    /** @description The methods this path serves */
    Allow: string;
    /** @description The methods this path serves */
    "Allow.optional": string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listCheckoutSessions: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        q?: string;
        status?: "CREATED" | "ACTIVE" | "COMPLETED" | "EXPIRED" | "CANCELLED";
        exception?: "open" | "any";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["SessionListResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  createCheckoutSession: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "merchantId": "merch_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b",
         *       "amountUsdc": "50.00",
         *       "destinationChainId": 8453,
         *       "destinationToken": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
         *       "recipientAddress": "0x52908400098527886E0F7030069857D2E4169EE7",
         *       "successUrl": "https://acme.example/thanks",
         *       "cancelUrl": "https://acme.example/cart",
         *       "metadata": {
         *         "orderRef": "A-1001"
         *       }
         *     }
         */
        "application/json": {
          merchantId: string;
          /** @enum {string} */
          checkoutMode?: "exact-token" | "exact-fiat";
          amountUsdc?: string;
          fiatAmount?: string;
          /** @enum {string} */
          fiatCurrency?: "USD" | "EUR" | "GBP" | "CAD" | "AUD" | "CHF" | "SGD" | "NZD" | "PLN" | "SEK" | "JPY" | "MXN";
          maxFeePercentage?: number;
          destinationChainId: number;
          destinationToken: string;
          /** @description Receiving wallet. Must be one of the account's allowed payout addresses, compared case-insensitively: any other is refused (400 VALIDATION_FAILED on this field) and nothing is created. Owners manage the list in the dashboard (Settings); the payout wallet is always on it. An empty list allows no address. An account that no person has claimed yet (made with POST /api/merchants) has no owner to ask: each address its API key names is added to its list, until someone claims it. */
          recipientAddress: string;
          successUrl?: string;
          cancelUrl?: string;
          /** @enum {string} */
          locale?: "auto" | "en" | "es" | "pt-BR" | "fr" | "de" | "it";
          metadata?: {
            [key: string]: string;
          };
          enabledPaymentPlatforms?: ("venmo" | "cashapp" | "chime" | "zelle" | "paypal" | "revolut" | "wise" | "monzo" | "n26")[];
          /** @enum {string} */
          feePayer?: "MERCHANT" | "PAYEE" | "SPLIT";
          buyerFeeShareBps?: number;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CreatedSessionCreatedResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  getCheckoutSession: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["SessionDetailResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  cancelCheckoutSession: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["SessionOnlyResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  getActiveOrder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OrderOnlyResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  markPaymentSent: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OrderOnlyResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  listSessionRefunds: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RefundListResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  createRefund: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "amountUsdc": "10.00",
         *       "reason": "One item was out of stock"
         *     }
         */
        "application/json": {
          /** @description How much to give back; the whole amount left to refund when absent */
          amountUsdc?: string;
          /** @description Why, in words the payer reads on the claim page */
          reason?: string;
          /**
           * @description claim (the default): the payer says on the claim page where the USDC goes, and the merchant's wallet sends it; recorded: the money was returned outside the service (a bank transfer, cash), and the refund is completed at once
           * @enum {string}
           */
          method?: "claim" | "recorded";
          metadata?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RefundCreatedResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  selectPaymentPlatform: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "paymentPlatform": "venmo",
         *       "fiatCurrency": "USD"
         *     }
         */
        "application/json": {
          paymentPlatform: string;
          fiatCurrency: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["SessionOnlyResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  startCheckout: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "paymentPlatform": "revolut",
         *       "fiatCurrency": "EUR"
         *     }
         */
        "application/json": {
          paymentPlatform?: string;
          fiatCurrency?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["StartedResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  listEvents: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        type?:
          | "order.created"
          | "order.payment_sent"
          | "order.fulfilled"
          | "order.failed"
          | "order.expired"
          | "session.started"
          | "session.completed"
          | "session.abandoned"
          | "session.exception_opened"
          | "session.exception_resolved"
          | "refund.created"
          | "refund.claimed"
          | "refund.completed"
          | "refund.cancelled"
          | "refund.expired";
        sessionId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EventListResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  eventFeed: {
    parameters: {
      query?: {
        after?: string;
        limit?: number;
        waitMs?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EventFeedResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["HealthResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  getLiveness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["LivenessResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  getReadiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["HealthResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  createMerchant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "acme-shop",
         *       "displayName": "Acme Shop",
         *       "logoUrl": "https://acme.example/logo.png"
         *     }
         */
        "application/json": {
          name: string;
          displayName?: string;
          logoUrl?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CreatedMerchantCreatedResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  getMerchant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["MerchantResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  updateMerchant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "displayName": "Acme",
         *       "logoUrl": null
         *     }
         */
        "application/json": {
          displayName?: string;
          logoUrl?: string | null;
          /** @enum {string} */
          feePayer?: "MERCHANT" | "PAYEE" | "SPLIT";
          buyerFeeShareBps?: number | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["MerchantResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  getCurrentMerchant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["MerchantResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  getEmbedding: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EmbeddingResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  setEmbedding: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "frameAncestors": [
         *         "https://shop.example"
         *       ]
         *     }
         */
        "application/json": {
          frameAncestors: string[];
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EmbeddingResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  getOpenApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI document */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": Record<string, never>;
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PlainError"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PlainError"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PlainError"];
        };
      };
    };
  };
  fulfillOrder: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "intentHash": "0xabababababababababababababababababababababababababababababababab",
         *       "proof": {
         *         "sandbox": true,
         *         "outcome": "success"
         *       }
         *     }
         */
        "application/json": {
          intentHash: string;
          proof: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["FulfilledResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  listPaymentLinks: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PaymentLinkListResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  createPaymentLink: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "title": "Tip jar",
         *       "currency": "USDC",
         *       "minAmount": "1.00",
         *       "maxAmount": "100.00",
         *       "destinationChainId": 8453,
         *       "destinationToken": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
         *       "recipientAddress": "0x52908400098527886E0F7030069857D2E4169EE7",
         *       "fields": [
         *         {
         *           "key": "name",
         *           "required": false
         *         }
         *       ],
         *       "maxPayments": 100
         *     }
         */
        "application/json": {
          title: string;
          locale?: ("auto" | "en" | "es" | "pt-BR" | "fr" | "de" | "it") | null;
          description?: string;
          /** @enum {string} */
          currency?: "USDC" | "USD" | "EUR" | "GBP" | "CAD" | "AUD" | "CHF" | "SGD" | "NZD" | "PLN" | "SEK" | "JPY" | "MXN";
          amount?: string;
          minAmount?: string;
          maxAmount?: string;
          maxFeePercentage?: number;
          /** @enum {string} */
          feePayer?: "MERCHANT" | "PAYEE" | "SPLIT";
          buyerFeeShareBps?: number;
          successUrl?: string;
          cancelUrl?: string;
          fields?: {
            /** @enum {string} */
            key: "name" | "email" | "reference";
            /** @default false */
            required?: boolean;
          }[];
          maxPayments?: number | null;
          endsAt?: string | null;
          active?: boolean;
          destinationChainId: number;
          destinationToken: string;
          /** @description Receiving wallet. Must be one of the account's allowed payout addresses, compared case-insensitively: any other is refused (400 VALIDATION_FAILED on this field) and nothing is created. Owners manage the list in the dashboard (Settings); the payout wallet is always on it. An empty list allows no address. An account that no person has claimed yet (made with POST /api/merchants) has no owner to ask: each address its API key names is added to its list, until someone claims it. */
          recipientAddress: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PaymentLinkCreatedResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  getPaymentLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PaymentLinkResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  updatePaymentLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "active": false
         *     }
         */
        "application/json": {
          title?: string;
          locale?: ("auto" | "en" | "es" | "pt-BR" | "fr" | "de" | "it") | null;
          description?: string | null;
          successUrl?: string | null;
          cancelUrl?: string | null;
          fields?: {
            /** @enum {string} */
            key: "name" | "email" | "reference";
            /** @default false */
            required?: boolean;
          }[];
          maxPayments?: number | null;
          endsAt?: string | null;
          active?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PaymentLinkResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  getRefund: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RefundResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  cancelRefund: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RefundResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  v1GetMerchant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1MerchantProfileResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1CreateOrder: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "requestedUsdcAmount": "50.00",
         *       "destinationAddress": "0x1111111111111111111111111111111111111111",
         *       "successUrl": null
         *     }
         */
        "application/json": {
          requestedUsdcAmount?: string;
          requestedFiatAmount?: string;
          /** @enum {string} */
          requestedFiatCurrency?: "USD" | "EUR" | "GBP" | "CAD" | "AUD" | "CHF" | "SGD" | "NZD" | "PLN" | "SEK" | "JPY" | "MXN";
          /** @description Receiving wallet (default: the merchant's payout wallet, evmWalletAddress). Must be one of the account's allowed payout addresses, compared case-insensitively: any other is refused (400 VALIDATION_FAILED on this field) and nothing is created. Owners manage the list in the dashboard (Settings); the payout wallet is always on it. An empty list allows no address. An account that no person has claimed yet (made with POST /api/merchants) has no owner to ask: each address its API key names is added to its list, until someone claims it. */
          destinationAddress?: string;
          destinationToken?: string;
          destinationChainId?: number | string;
          /** @enum {string} */
          feePayer?: "MERCHANT" | "PAYEE" | "SPLIT";
          buyerFeeShareBps?: number;
          enabledRails?: ("venmo" | "cashapp" | "chime" | "zelle" | "paypal" | "revolut" | "wise" | "monzo" | "n26")[];
          successUrl?: string | null;
          cancelUrl?: string | null;
          locale?: ("auto" | "en" | "es" | "pt-BR" | "fr" | "de" | "it") | null;
          notes?: {
            [key: string]: unknown;
          } | null;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1CreatedOrderCreatedResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1GetOrder: {
    parameters: {
      query?: {
        token?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1OrderAggregateResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1CancelOrder: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1CancelledOrderResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error409"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1ListOrderPayments: {
    parameters: {
      query?: {
        token?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1PaymentListResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1ListOrderRefunds: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1RefundListResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1CreateRefund: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "amountUsdc": "10.00",
         *       "reason": "One item was out of stock"
         *     }
         */
        "application/json": {
          /** @description How much to give back; the whole amount left to refund when absent */
          amountUsdc?: string;
          /** @description Why, in words the payer reads on the claim page */
          reason?: string;
          /**
           * @description claim (the default): the payer says on the claim page where the USDC goes, and the merchant's wallet sends it; recorded: the money was returned outside the service (a bank transfer, cash), and the refund is completed at once
           * @enum {string}
           */
          method?: "claim" | "recorded";
          metadata?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1RefundCreatedResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1ListPaymentLinks: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1PaymentLinkListResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1CreatePaymentLink: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "title": "Invoice 1042",
         *       "amount": "120.00",
         *       "maxPayments": 1
         *     }
         */
        "application/json": {
          title: string;
          locale?: ("auto" | "en" | "es" | "pt-BR" | "fr" | "de" | "it") | null;
          description?: string;
          /** @enum {string} */
          currency?: "USDC" | "USD" | "EUR" | "GBP" | "CAD" | "AUD" | "CHF" | "SGD" | "NZD" | "PLN" | "SEK" | "JPY" | "MXN";
          amount?: string;
          minAmount?: string;
          maxAmount?: string;
          maxFeePercentage?: number;
          /** @enum {string} */
          feePayer?: "MERCHANT" | "PAYEE" | "SPLIT";
          buyerFeeShareBps?: number;
          successUrl?: string;
          cancelUrl?: string;
          fields?: {
            /** @enum {string} */
            key: "name" | "email" | "reference";
            /** @default false */
            required?: boolean;
          }[];
          maxPayments?: number | null;
          endsAt?: string | null;
          active?: boolean;
          /** @description Receiving wallet (default: the merchant's payout wallet, evmWalletAddress). Must be one of the account's allowed payout addresses, compared case-insensitively: any other is refused (400 VALIDATION_FAILED on this field) and nothing is created. Owners manage the list in the dashboard (Settings); the payout wallet is always on it. An empty list allows no address. An account that no person has claimed yet (made with POST /api/merchants) has no owner to ask: each address its API key names is added to its list, until someone claims it. */
          destinationAddress?: string;
          destinationToken?: string;
          destinationChainId?: number | string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1PaymentLinkCreatedResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error409"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1GetPaymentLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1PaymentLinkResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1UpdatePaymentLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "active": false
         *     }
         */
        "application/json": {
          title?: string;
          locale?: ("auto" | "en" | "es" | "pt-BR" | "fr" | "de" | "it") | null;
          description?: string | null;
          successUrl?: string | null;
          cancelUrl?: string | null;
          fields?: {
            /** @enum {string} */
            key: "name" | "email" | "reference";
            /** @default false */
            required?: boolean;
          }[];
          maxPayments?: number | null;
          endsAt?: string | null;
          active?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1PaymentLinkResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1GetRefund: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1RefundResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1CancelRefund: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1RefundResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1ListWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1WebhookListResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1CreateWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://acme.example/hooks/checkout",
         *       "events": [
         *         "ORDER_FULFILLED",
         *         "PAYMENT_FAILED"
         *       ],
         *       "customHeaders": [
         *         {
         *           "key": "Authorization",
         *           "value": "Bearer shop-secret"
         *         }
         *       ]
         *     }
         */
        "application/json": {
          url: string;
          events?: (
            | "ORDER_CREATED"
            | "ORDER_FULFILLED"
            | "ORDER_CANCELLED"
            | "PAYMENT_CREATED"
            | "PAYMENT_SETTLED"
            | "PAYMENT_CANCELLED"
            | "PAYMENT_EXPIRED"
            | "PAYMENT_FAILED"
            | "ORDER_EXCEPTION_OPENED"
            | "ORDER_EXCEPTION_RESOLVED"
            | "REFUND_PENDING"
            | "REFUND_COMPLETED"
            | "REFUND_CANCELLED"
          )[];
          customHeaders?: {
            key: string;
            value: string;
          }[];
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1CreatedWebhookCreatedResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1GetWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1WebhookResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1DeleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["NoneResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error409"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1UpdateWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "customHeaders": [
         *         {
         *           "key": "Authorization",
         *           "value": "Bearer rotated"
         *         }
         *       ]
         *     }
         */
        "application/json": {
          url?: string;
          events?: (
            | "ORDER_CREATED"
            | "ORDER_FULFILLED"
            | "ORDER_CANCELLED"
            | "PAYMENT_CREATED"
            | "PAYMENT_SETTLED"
            | "PAYMENT_CANCELLED"
            | "PAYMENT_EXPIRED"
            | "PAYMENT_FAILED"
            | "ORDER_EXCEPTION_OPENED"
            | "ORDER_EXCEPTION_RESOLVED"
            | "REFUND_PENDING"
            | "REFUND_COMPLETED"
            | "REFUND_CANCELLED"
          )[];
          active?: boolean;
          customHeaders?: {
            key: string;
            value: string;
          }[];
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1WebhookResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1ListDeliveries: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        status?: "PENDING" | "DELIVERED" | "FAILED";
        eventType?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1DeliveryListResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1GetDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1DeliveryDetailResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1RetryDelivery: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path: {
        id: string;
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1DeliveryResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1RotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1RotatedWebhookResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  v1TestWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TestResultResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["V1Error503"];
        };
      };
    };
  };
  listWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookListResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://acme.example/hooks/checkout",
         *       "events": [
         *         "session.completed",
         *         "order.failed"
         *       ]
         *     }
         */
        "application/json": {
          url: string;
          events?: (
            | "order.created"
            | "order.payment_sent"
            | "order.fulfilled"
            | "order.failed"
            | "order.expired"
            | "session.started"
            | "session.completed"
            | "session.abandoned"
            | "session.exception_opened"
            | "session.exception_resolved"
            | "refund.created"
            | "refund.claimed"
            | "refund.completed"
            | "refund.cancelled"
            | "refund.expired"
          )[];
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CreatedWebhookCreatedResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["NoneResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "active": false
         *     }
         */
        "application/json": {
          url?: string;
          events?: (
            | "order.created"
            | "order.payment_sent"
            | "order.fulfilled"
            | "order.failed"
            | "order.expired"
            | "session.started"
            | "session.completed"
            | "session.abandoned"
            | "session.exception_opened"
            | "session.exception_resolved"
            | "refund.created"
            | "refund.claimed"
            | "refund.completed"
            | "refund.cancelled"
            | "refund.expired"
          )[];
          active?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  listDeliveries: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        status?: "PENDING" | "DELIVERED" | "FAILED";
        eventType?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["DeliveryListResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  getDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["DeliveryDetailResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  retryDelivery: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path: {
        id: string;
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["DeliveryResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RotatedWebhookResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
  testWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); the same key for a different request answers 409 IDEMPOTENCY_CONFLICT. */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TestResultResponse"];
        };
      };
      /** @description Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error400"];
        };
      };
      /** @description UNAUTHENTICATED: the X-API-Key header is missing or not a live key */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error401"];
        };
      };
      /** @description FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error403"];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error404"];
        };
      };
      /** @description Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage) */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error409"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is over 64 KiB */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error413"];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error429"];
        };
      };
      /** @description INTERNAL: the message names the request id */
      500: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error500"];
        };
      };
      /** @description UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST) */
      503: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit.optional"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining.optional"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset.optional"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error503"];
        };
      };
    };
  };
}
