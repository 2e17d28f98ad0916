// A stand-in for Resend's e-mail API (https://api.resend.com), routed by path (/emails) so the
// worker's EMAIL_API_BASE is STAND_IN_URL itself. POST /emails with 'Authorization: Bearer re_...' and
// JSON {from, to, subject, html, text, reply_to} answers 200 {id}; errors are Resend's shape
// {statusCode, name, message}. An Idempotency-Key makes a repeat answer the first id without
// delivering again (a different body with the key: 409 invalid_idempotent_request), as Resend does.
// Deterministic rules by API key, for tests:
//   're_test_fail500'     always 500 (nothing delivered)
//   're_test_422'         always 422 validation_error (nothing delivered)
//   're_test_429'         always 429 rate_limit_exceeded
//   're_test_lostanswer'  delivers, but the first answer per Idempotency-Key is a 500 (a lost answer)
//   any other 're_...'    delivers
//   not 're_...'          401
// GET /emails/__delivered?key=K lists what was delivered with key K (each message once).
// Runs in Node (vitest globalSetup) with web-standard Request/Response.

export const RESEND_FAIL_KEY = 're_test_fail500';
export const RESEND_INVALID_KEY = 're_test_422';
export const RESEND_RATE_LIMITED_KEY = 're_test_429';
export const RESEND_LOST_ANSWER_KEY = 're_test_lostanswer';

interface Delivered {
  id: string;
  key: string;
  idempotencyKey: string | null;
  body: Record<string, unknown>;
}

const delivered: Delivered[] = [];
/** `${apiKey}:${idempotencyKey}` -> the first request's body and answer. */
const idempotent = new Map<string, { bodyText: string; id: string }>();
const lostAnswerSeen = new Set<string>();
let counter = 0;

function error(statusCode: number, name: string, message: string): Response {
  return Response.json({ statusCode, name, message }, { status: statusCode });
}

export function resendKey(headers: Headers): string | null {
  return /^Bearer\s+(.+)$/i.exec(headers.get('authorization') ?? '')?.[1] ?? null;
}

export async function handleResend(req: Request, url: URL): Promise<Response> {
  const path = url.pathname;
  if (path === '/emails/__delivered' && req.method === 'GET') {
    const key = url.searchParams.get('key');
    return Response.json(delivered.filter((d) => d.key === key));
  }
  if (path !== '/emails' || req.method !== 'POST') return error(404, 'not_found', `Not found: ${req.method} ${path}`);
  const key = resendKey(req.headers);
  if (!key) return error(401, 'missing_api_key', 'Missing API key in the authorization header.');
  if (!key.startsWith('re_')) return error(403, 'invalid_api_key', 'API key is invalid.');
  if (key === RESEND_FAIL_KEY) return error(500, 'internal_server_error', 'An unexpected error occurred.');
  if (key === RESEND_INVALID_KEY) return error(422, 'validation_error', 'The `to` field is invalid.');
  if (key === RESEND_RATE_LIMITED_KEY)
    return error(429, 'rate_limit_exceeded', 'Too many requests. You can only make 2 requests per second.');
  if (!/^application\/json\b/i.test(req.headers.get('content-type') ?? ''))
    return error(422, 'validation_error', 'Content-Type must be application/json.');

  const bodyText = await req.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(bodyText) as Record<string, unknown>;
  } catch {
    return error(422, 'invalid_parameter', 'Body is not valid JSON.');
  }
  const to = Array.isArray(body.to) ? body.to : [body.to];
  if (typeof body.from !== 'string' || !body.from) return error(422, 'missing_required_field', 'The `from` field is missing.');
  if (to.length === 0 || to.some((t) => typeof t !== 'string' || !t.includes('@')))
    return error(422, 'validation_error', 'The `to` field is invalid.');
  if (typeof body.subject !== 'string' || !body.subject) return error(422, 'missing_required_field', 'The `subject` field is missing.');
  if (typeof body.html !== 'string' && typeof body.text !== 'string')
    return error(422, 'missing_required_field', 'Either `html` or `text` is required.');
  // Attachments (Resend's 'Attachments' page): each a filename and its content as base64, or a path.
  if (body.attachments !== undefined) {
    const files = Array.isArray(body.attachments) ? (body.attachments as Record<string, unknown>[]) : null;
    const valid = files?.every(
      (f) =>
        typeof f.filename === 'string' &&
        f.filename !== '' &&
        typeof f.content === 'string' &&
        /^[A-Za-z0-9+/]+={0,2}$/.test(f.content) &&
        (f.content_type === undefined || typeof f.content_type === 'string'),
    );
    if (!valid) return error(422, 'validation_error', 'The `attachments` field is invalid.');
  }

  const idempotencyKey = req.headers.get('idempotency-key');
  const memoKey = idempotencyKey ? `${key}:${idempotencyKey}` : null;
  const seen = memoKey ? idempotent.get(memoKey) : undefined;
  if (seen) {
    if (seen.bodyText !== bodyText)
      return error(409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.');
    return Response.json({ id: seen.id });
  }
  counter += 1;
  const id = `re-standin-${String(counter).padStart(6, '0')}`;
  delivered.push({ id, key, idempotencyKey, body });
  if (memoKey) idempotent.set(memoKey, { bodyText, id });
  if (key === RESEND_LOST_ANSWER_KEY && memoKey && !lostAnswerSeen.has(memoKey)) {
    lostAnswerSeen.add(memoKey);
    return error(500, 'internal_server_error', 'An unexpected error occurred.');
  }
  return Response.json({ id });
}
