import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BASE } from './helpers';

/** A body sent in pieces with no Content-Length (Transfer-Encoding: chunked), as a client may stream it. */
function chunkedBody(pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next < pieces.length) controller.enqueue(encoder.encode(pieces[next++]));
      else controller.close();
    },
  });
}

/** About 64 MB if read to the end, 1 KB a pull; `pulls()` says how much was read. */
function endlessBody(first: string) {
  let pulled = 0;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 1;
      if (pulled > 64 * 1024) controller.close();
      else controller.enqueue(encoder.encode(pulled === 1 ? first : 'x'.repeat(1024)));
    },
  });
  return { stream, pulls: () => pulled };
}

/** Posts a streamed body (no Content-Length) of this Content-Type from this client. */
function postStream(path: string, contentType: string, body: ReadableStream<Uint8Array>, ip: string): Promise<Response> {
  return SELF.fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, 'CF-Connecting-IP': ip },
    body,
    duplex: 'half',
  } as RequestInit);
}

// POST /api/chat/session takes at most 1 KB of JSON.
describe('JSON bodies without Content-Length', () => {
  it('stops with 413 once a chunked body passes the cap', async () => {
    // Would be 64 MB if read to the end: the answer must come after about 1 KB has been counted.
    const endless = endlessBody('{"sessionId":"');
    const res = await postStream('/api/chat/session', 'application/json', endless.stream, '203.0.113.60');
    expect(res.status).toBe(413);
    const body = await res.json<any>();
    expect(body).toMatchObject({ success: false, error: 'payload_too_large' });
    expect(body.message).toContain('1 KB');
    expect(endless.pulls()).toBeLessThan(1024);
  });

  it('accepts a chunked body under the cap', async () => {
    const sessionId = `session_${Date.now()}_chunkedaa`;
    const json = JSON.stringify({ sessionId });
    const res = await postStream(
      '/api/chat/session',
      'application/json',
      chunkedBody([json.slice(0, 10), json.slice(10, 20), json.slice(20)]),
      '203.0.113.61',
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, sessionId });
  });

  it('still answers 415 for a body that is not JSON', async () => {
    const res = await postStream('/api/chat/session', 'text/plain', chunkedBody(['{"sessionId":"x"}']), '203.0.113.62');
    expect(res.status).toBe(415);
  });
});

// Form posts are counted the same way: PayFast's ITN (32 KB) and the sandbox checkout form (8 KB).
describe('form bodies without Content-Length', () => {
  it('a chunked PayFast notification stops with 413 once it passes 32 KB, before being read to the end', async () => {
    const body = endlessBody('m_payment_id=CB-AAAAAAAAAA&custom_str1=');
    const res = await postStream('/api/payment/payfast/notify', 'application/x-www-form-urlencoded', body.stream, '203.0.113.63');
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, error: 'payload_too_large' });
    expect(body.pulls()).toBeLessThan(1024);
  });

  it('a chunked sandbox checkout form stops with 413 once it passes 8 KB, before being read to the end', async () => {
    const body = endlessBody('card_number=');
    const res = await postStream(
      '/pay/sandbox/sbx_chk_aaaaaaaaaaaaaaaaaaaaaaaa',
      'application/x-www-form-urlencoded',
      body.stream,
      '203.0.113.64',
    );
    expect(res.status).toBe(413);
    expect(await res.text()).toContain('Request too large');
    expect(body.pulls()).toBeLessThan(1024);
  });
});
