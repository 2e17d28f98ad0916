import { SELF } from 'cloudflare:test';
import { Hono, type Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../../worker/middleware/security-headers';
import { BASE, get, postJson } from './helpers';

describe('health and the static app', () => {
  it('answers GET /api/health with {ok:true}', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('serves the app shell for unknown non-API paths with HTTP 404 (the app shows its 404 page)', async () => {
    const res = await get('/some/deep/link');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('test app shell');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('redirects the legacy routes', async () => {
    for (const [from, to] of [
      ['/shutter-visualization', '/shutters'],
      ['/mobile-ruler', '/camera-ruler'],
      ['/calculator', '/quote-calculator'],
    ]) {
      const res = await SELF.fetch(`${BASE}${from}`, { redirect: 'manual' });
      expect(res.status, from).toBe(301);
      expect(new URL(res.headers.get('Location')!).pathname).toBe(to);
    }
  });
});

describe('one error shape', () => {
  it('answers unknown /api paths with a JSON 404 (to staff; anonymous callers get the default-deny 401)', async () => {
    const signIn = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '198.51.100.202' });
    const res = await get('/api/no-such-thing', { Cookie: signIn.headers.get('Set-Cookie')!.split(';')[0]! });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('application/json');
    const body = await res.json<any>();
    expect(body).toMatchObject({ success: false, error: 'not_found', message: expect.stringContaining('/api/no-such-thing') });
    expect(body.requestId).toBe(res.headers.get('X-Request-Id'));
  });

  it('answers malformed JSON with a 400 and a message', async () => {
    const res = await postJson('/api/pricing/quote', '{"width_mm": 12');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: 'malformed_json', message: 'Malformed JSON in request body' });
  });

  it('answers a non-JSON body on a JSON endpoint with 415', async () => {
    const res = await SELF.fetch(`${BASE}/api/leads/capture`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': '198.51.100.7' },
      body: 'name=a&email=b',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: 'unsupported_media_type' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await postJson('/api/pricing/quote', { product_type: 'x'.repeat(10_000), width_mm: 1, drop_mm: 1 });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'payload_too_large' });
  });
});

describe('security headers', () => {
  it.each(['/api/health', '/api/no-such-thing', '/', '/quote-calculator'])('are on %s', async (path) => {
    const res = await get(path);
    const csp = res.headers.get('Content-Security-Policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(res.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d+/);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it('are on error answers from a thrown validation error', async () => {
    const res = await postJson('/api/pricing/quote', {});
    expect(res.status).toBe(400);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  // A page's scripts run under the page's policy; a worker's script under its own response's.
  it('leave the CSP off page scripts (ignored there) but keep it on worker scripts and everything else', async () => {
    const app = new Hono();
    app.use('*', securityHeaders);
    const js = (c: Context) => c.body('export {};', 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
    app.get('/assets/app-abc123.js', js);
    app.get('/assets/devtools-probe.worker-abc123.js', js);
    app.get('/assets/index-abc123.css', (c) => c.body('a{}', 200, { 'Content-Type': 'text/css' }));

    const script = await app.request('/assets/app-abc123.js');
    expect(script.headers.get('Content-Security-Policy')).toBeNull();
    expect(script.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(script.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d+/);
    for (const path of ['/assets/devtools-probe.worker-abc123.js', '/assets/index-abc123.css']) {
      expect((await app.request(path)).headers.get('Content-Security-Policy')).toContain("default-src 'self'");
    }
  });
});

describe('GET /api/config', () => {
  it('gives the browser business contacts and never the PIN', async () => {
    const res = await get('/api/config');
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.assistantName).toBe('Melvin');
    expect(body.phone.gardenRoute).toBeTruthy();
    expect(body.whatsappGreeting.gardenRoute).toContain('Garden Route');
    expect(text).not.toContain('4321');
    expect(text).not.toMatch(/ADMIN_PIN|pin/i);
  });
});
