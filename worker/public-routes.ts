// The reviewed public allowlist of the API (DESIGN.md section 7, default deny).
//
// Every route under /api/* needs a staff session unless it is listed here. To make a route public:
//   1. add one line below: the method, the full Hono path pattern (':param' segments, a trailing '*'),
//      and a one-line reason a customer, a gateway or the sign-in screen needs it without a session;
//   2. make sure the route itself is rate limited, size limited and validated (DESIGN.md section 7);
//   3. run tests/worker/default-deny.test.ts, which walks every registered route against this list.
// A staff route needs nothing here: it is denied to anonymous callers by default (keep its
// requireStaff all the same: it names the session for the audit log).
//
// Outside /api, and so outside this list, /mcp (worker/routes/mcp.ts) is public too: the
// MCP tools of AI shopping agents, rate limited per client, reaching only the catalogue, prices and
// quote starting (never leads, orders or the audit log; tests/worker/mcp.test.ts proves it).
import { TrieRouter } from 'hono/router/trie-router';

export type PublicMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface PublicRoute {
  method: PublicMethod;
  /** A Hono path pattern, exactly as the route registers it (app.routes shows the full paths). */
  path: string;
  reason: string;
}

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { method: 'GET', path: '/api/health', reason: 'uptime checks' },
  { method: 'GET', path: '/api/config', reason: 'the storefront reads business name, phones and assistant name on load' },
  { method: 'GET', path: '/api/admin/session', reason: 'the staff PIN gate asks whether this browser is signed in' },
  { method: 'POST', path: '/api/admin/session', reason: 'staff sign-in by PIN (throttled by the LoginGuard)' },
  { method: 'DELETE', path: '/api/admin/session', reason: 'sign-out must work even when the session has already expired' },
  { method: 'POST', path: '/api/admin/session/passkey/options', reason: 'staff sign-in by passkey asks for a challenge (rate limited)' },
  { method: 'POST', path: '/api/admin/session/passkey', reason: 'staff sign-in by passkey (verified signature, rate limited)' },
  {
    method: 'POST',
    path: '/api/admin/session/enrolment/options',
    reason: 'a new device enrols its passkey with the PIN and the one-time enrolment code (STAFF_REQUIRE_PASSKEY)',
  },
  { method: 'POST', path: '/api/admin/session/enrolment', reason: 'the enrolment above completes with the new passkey (once per code)' },
  { method: 'POST', path: '/api/pricing/quote', reason: 'customers price a blind on the quote calculator' },
  { method: 'GET', path: '/api/colours/:product_type', reason: 'customers pick a colour for a product type' },
  { method: 'GET', path: '/api/products/catalog', reason: 'the storefront lists the product catalogue' },
  { method: 'GET', path: '/api/delivery-estimate', reason: 'the calculator and the quote document show the expected dispatch date' },
  { method: 'GET', path: '/api/products/colours', reason: 'the storefront shows each product with its colours' },
  { method: 'GET', path: '/api/products/options/:product_type', reason: "the calculator offers a shutter's or awning's options" },
  { method: 'POST', path: '/api/leads/capture', reason: 'customers leave their details on the lead form' },
  { method: 'POST', path: '/api/customer-details', reason: "the quick-details dialog stores a customer's contact details" },
  { method: 'POST', path: '/api/chat/session', reason: 'the chat panel starts or resumes its session' },
  {
    method: 'POST',
    path: '/api/:assistant/enhanced-chat',
    reason: 'customers talk to the consultant (only the configured assistant name answers)',
  },
  { method: 'POST', path: '/api/ar/analyze-window', reason: 'customers measure a window from a photo' },
  { method: 'POST', path: '/api/elevenlabs-tts', reason: "the consultant's reply read aloud" },
  { method: 'POST', path: '/api/orders/submit', reason: 'customers place an order' },
  { method: 'GET', path: '/api/orders/:reference', reason: 'the confirmation page reads its order back by its unguessable reference' },
  {
    method: 'POST',
    path: '/api/orders/:reference/proof-of-payment',
    reason: "customers upload a bank transfer's proof of payment from their order page (the unguessable reference is the key)",
  },
  { method: 'GET', path: '/api/quotes/:quote_id', reason: 'the stored-quote page a customer was sent' },
  {
    method: 'POST',
    path: '/api/quotes/:quote_id/order',
    reason: 'customers order a stored quote to pay by bank transfer (the quote key is the secret)',
  },
  { method: 'POST', path: '/api/email/quote', reason: 'customers e-mail themselves a quote' },
  { method: 'POST', path: '/api/email/quote-internal', reason: 'a quote request from the storefront reaches the business' },
  { method: 'POST', path: '/api/payment/create', reason: 'customers start paying for an order' },
  { method: 'POST', path: '/api/payment/sandbox/notify', reason: 'the sandbox gateway confirms a payment (signed)' },
  { method: 'POST', path: '/api/payment/yoco/webhook', reason: "Yoco's webhook (Standard Webhooks signature)" },
  { method: 'POST', path: '/api/payment/payfast/notify', reason: "PayFast's ITN (signature, source, amount and server checks)" },
  {
    method: 'POST',
    path: '/api/payment/ozow/notify',
    reason: "Ozow's notification (Hash with the private key, site code, amount, checkout)",
  },
  { method: 'GET', path: '/api/receipts/:file', reason: 'the customer downloads the receipt PDF of their order' },
  { method: 'GET', path: '/api/invoices/:file', reason: 'the customer downloads the tax invoice (or a credit note) of their paid order' },
  // The customer-facing parts of the staff side.
  { method: 'GET', path: '/api/tracking/:number', reason: 'customers look up a courier tracking number on /track' },
  { method: 'GET', path: '/api/tracking/order/:orderId', reason: 'customers look up tracking by order reference on /track' },
  { method: 'POST', path: '/api/site-visits/unlock', reason: 'the site-visit access-phrase gate (throttled like the PIN)' },
  { method: 'GET', path: '/api/site-visits/session', reason: 'the site-visit gate asks whether this browser is unlocked (no data)' },
  { method: 'GET', path: '/api/visit-bookings/slots', reason: 'Garden Route customers see the open site-visit times' },
  { method: 'POST', path: '/api/visit-bookings', reason: 'Garden Route customers book a site visit (rate limited, e-mail guard)' },
  { method: 'GET', path: '/api/visit-bookings/manage', reason: "a booking's signed e-mail link shows the visit (HMAC token)" },
  { method: 'POST', path: '/api/visit-bookings/manage/move', reason: "a booking's signed e-mail link moves the visit (HMAC token)" },
  { method: 'POST', path: '/api/visit-bookings/manage/cancel', reason: "a booking's signed e-mail link cancels the visit (HMAC token)" },
  { method: 'POST', path: '/api/analytics/events', reason: 'the storefront reports page views and interactions' },
  { method: 'POST', path: '/api/samples', reason: 'customers ask for free colour samples (rate limited, per-address and daily limits)' },
  {
    method: 'GET',
    path: '/api/outdoor-blinds/colours',
    reason: "the storefront's outdoor products show the uploaded outdoor colour range",
  },
];

const router = new TrieRouter<PublicRoute>();
for (const route of PUBLIC_ROUTES) router.add(route.method, route.path, route);

/** The allowlist entry a request matches, with Hono's own pattern logic; HEAD counts as GET as in Hono. */
export function publicRouteFor(method: string, path: string): PublicRoute | undefined {
  const [handlers] = router.match(method === 'HEAD' ? 'GET' : method, path);
  return handlers[0]?.[0];
}
