// A stand-in for Yoco's Checkout API (https://payments.yoco.com), mounted under /yoco so the
// worker's YOCO_API_BASE is `${STAND_IN_URL}/yoco`. POST /api/checkouts with
// 'Authorization: Bearer <secret key>', an Idempotency-Key and JSON {amount, currency, successUrl,
// cancelUrl, failureUrl, metadata} answers {id, redirectUrl, status:'created', amount, currency,
// metadata, ...}. Deterministic rules, for tests:
// - keys must start with 'sk_test_' or 'sk_live_' (else 401); 'sk_test_bad' is refused with 403,
//   'sk_test_fail500' answers 500;
// - the Idempotency-Key header is required here (the adapter always sends one); the same key and
//   secret key answer the same checkout again.
// Runs in Node (vitest globalSetup) with web-standard Request/Response.

export const STAND_IN_YOCO_BAD_KEY = 'sk_test_bad';
export const STAND_IN_YOCO_FAIL_KEY = 'sk_test_fail500';

const checkouts = new Map<string, unknown>();
let counter = 0;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function error(status: number, errorCode: string, errorMessage: string): Response {
  return json(status, { errorType: status >= 500 ? 'internal_error' : 'invalid_request_error', errorCode, errorMessage });
}

export function yocoKey(headers: Headers): string | null {
  return /^Bearer\s+(.+)$/i.exec(headers.get('authorization') ?? '')?.[1] ?? null;
}

/** `path` is the request path without the /yoco prefix. */
export async function handleYoco(req: Request, path: string): Promise<Response> {
  if (path !== '/api/checkouts' || req.method !== 'POST') return error(404, 'not_found', `Not found: ${req.method} ${path}`);
  const key = yocoKey(req.headers);
  if (!key || !/^sk_(test|live)_/.test(key)) return error(401, 'unauthorized', 'Invalid or missing secret key');
  if (key === STAND_IN_YOCO_BAD_KEY) return error(403, 'forbidden', 'This key may not create checkouts');
  if (key === STAND_IN_YOCO_FAIL_KEY) return error(500, 'internal_error', 'Something went wrong');
  const idempotencyKey = req.headers.get('idempotency-key');
  if (!idempotencyKey) return error(400, 'missing_idempotency_key', 'Idempotency-Key header is required by this stand-in');

  let body: Record<string, unknown>;
  try {
    body = (await req.json()) as Record<string, unknown>;
  } catch {
    return error(400, 'invalid_json', 'Body is not valid JSON');
  }
  if (!Number.isInteger(body.amount) || (body.amount as number) <= 0)
    return error(400, 'invalid_amount', 'amount must be a positive integer in cents');
  if (body.currency !== 'ZAR') return error(400, 'invalid_currency', 'Currently we only support ZAR');

  const memoKey = `${key}:${idempotencyKey}`;
  const seen = checkouts.get(memoKey);
  if (seen) return json(200, seen);
  counter += 1;
  const id = `ch_standin${String(counter).padStart(6, '0')}${Math.random().toString(36).slice(2, 8)}`;
  const checkout = {
    id,
    redirectUrl: `https://c.yoco.com/checkout/${id}`,
    status: 'created',
    amount: body.amount,
    currency: body.currency,
    paymentId: null,
    successUrl: body.successUrl ?? null,
    cancelUrl: body.cancelUrl ?? null,
    failureUrl: body.failureUrl ?? null,
    metadata: body.metadata ?? null,
    merchantId: 'standin-merchant',
    totalDiscount: null,
    totalTaxAmount: null,
    subtotalAmount: null,
    lineItems: null,
    externalId: null,
    processingMode: key.startsWith('sk_test_') ? 'test' : 'live',
  };
  checkouts.set(memoKey, checkout);
  return json(200, checkout);
}
