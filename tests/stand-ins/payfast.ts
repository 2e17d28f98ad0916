// A stand-in for PayFast's server confirmation, mounted under /payfast so the worker's PAYFAST_HOST
// is `${STAND_IN_URL}/payfast`. POST /eng/query/validate with the ITN's parameter string answers
// 'VALID' only for an ITN this 'PayFast' actually sent, else 'INVALID', as the real one does.
// A test tells it what it sent first:
//   POST /payfast/__itns   body: the ITN's parameter string (without the signature)
// Runs in Node (vitest globalSetup) with web-standard Request/Response.

const sent = new Set<string>();

/** The merchant_id of a form body: tests filter the recorded requests by it. */
export function payfastKey(bodyText: string): string | null {
  return new URLSearchParams(bodyText).get('merchant_id');
}

/** `path` is the request path without the /payfast prefix. */
export async function handlePayfast(req: Request, path: string): Promise<Response> {
  if (path === '/__itns' && req.method === 'POST') {
    sent.add(await req.text());
    return Response.json({ ok: true });
  }
  if (path === '/eng/query/validate' && req.method === 'POST') {
    const body = await req.text();
    return new Response(sent.has(body) ? 'VALID' : 'INVALID', { status: 200, headers: { 'content-type': 'text/html; charset=UTF-8' } });
  }
  return new Response('Not found', { status: 404 });
}
