import { SELF, env } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError } from '../../worker/app';
import type { AppBindings } from '../../worker/env';
import { requireStaff } from '../../worker/middleware/require-staff';
import { BASE, get, postJson } from './helpers';

const PIN = '4321';
const REFUSED = { success: false, error: 'forbidden', message: 'This request came from another site and was refused.' };

const CROSS_SITE: Record<string, Record<string, string>> = {
  'another site (Sec-Fetch-Site)': { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
  'another site (Origin only)': { Origin: 'https://evil.example' },
  'a subdomain of this site': { 'Sec-Fetch-Site': 'same-site', Origin: 'https://admin.shop.test' },
  'a subdomain of this site (Origin only)': { Origin: 'https://admin.shop.test' },
  'another port of this host': { Origin: 'https://shop.test:8443' },
  'plain http of this host': { Origin: 'http://shop.test' },
  'an opaque origin': { Origin: 'null' },
};
const SAME_ORIGIN: Record<string, Record<string, string>> = {
  'Sec-Fetch-Site same-origin': { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://shop.test' },
  'Origin only': { Origin: 'https://shop.test' },
  'a non-browser client (neither header)': {},
};

async function staffCookie(ip: string): Promise<string> {
  const res = await postJson('/api/admin/session', { pin: PIN }, { 'CF-Connecting-IP': ip });
  expect(res.status).toBe(200);
  return res.headers.get('Set-Cookie')!.split(';')[0]!;
}

describe('cookie-authenticated writes from another site', () => {
  const staffApp = new Hono<AppBindings>()
    .get('/staff', requireStaff, (c) => c.json({ ok: true }))
    .post('/staff', requireStaff, (c) => c.json({ ok: true }))
    .delete('/staff', requireStaff, (c) => c.json({ ok: true }));
  staffApp.onError(handleError);
  const call = (method: string, headers: Record<string, string>, bindings = env) =>
    staffApp.request('https://shop.test/staff', { method, headers }, bindings);

  for (const [name, headers] of Object.entries(CROSS_SITE)) {
    it(`refuses a staff write from ${name} with 403, even with a valid session`, async () => {
      const cookie = await staffCookie('192.0.2.60');
      for (const method of ['POST', 'DELETE']) {
        const res = await call(method, { ...headers, Cookie: cookie });
        expect(res.status, method).toBe(403);
        expect(await res.json<any>()).toMatchObject(REFUSED);
      }
    });
  }

  for (const [name, headers] of Object.entries(SAME_ORIGIN)) {
    it(`lets a staff write through from this site: ${name}`, async () => {
      const cookie = await staffCookie('192.0.2.61');
      expect((await call('POST', { ...headers, Cookie: cookie })).status).toBe(200);
      expect((await call('POST', headers)).status).toBe(401);
    });
  }

  it('lets staff reads through whatever site links to them', async () => {
    const cookie = await staffCookie('192.0.2.62');
    expect((await call('GET', { ...CROSS_SITE['another site (Sec-Fetch-Site)']!, Cookie: cookie })).status).toBe(200);
  });

  it("accepts PUBLIC_BASE_URL's origin when the Worker sees another host", async () => {
    const cookie = await staffCookie('192.0.2.63');
    const bindings = { ...env, PUBLIC_BASE_URL: 'https://www.blinds.example/' };
    expect((await call('POST', { Origin: 'https://www.blinds.example', Cookie: cookie }, bindings)).status).toBe(200);
    expect((await call('POST', { Origin: 'https://evil.example', Cookie: cookie }, bindings)).status).toBe(403);
  });

  it('guards the real staff routes of the Worker too', async () => {
    const cookie = await staffCookie('192.0.2.64');
    const res = await postJson(
      '/api/admin/catalogue/seed',
      {},
      { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });
});

describe('the staff session endpoint and other sites', () => {
  it('refuses a cross-site or same-site sign-in before looking at the PIN', async () => {
    for (const headers of [CROSS_SITE['another site (Sec-Fetch-Site)']!, CROSS_SITE['a subdomain of this site']!]) {
      const res = await postJson('/api/admin/session', { pin: PIN }, { ...headers, 'CF-Connecting-IP': '192.0.2.65' });
      expect(res.status).toBe(403);
      expect(res.headers.get('Set-Cookie')).toBeNull();
      expect(await res.json<any>()).toMatchObject(REFUSED);
    }
    const ok = await postJson(
      '/api/admin/session',
      { pin: PIN },
      { ...SAME_ORIGIN['Sec-Fetch-Site same-origin']!, 'CF-Connecting-IP': '192.0.2.65' },
    );
    expect(ok.status).toBe(200);
  });

  it('refuses a cross-site sign-out: the session stays', async () => {
    const cookie = await staffCookie('192.0.2.66');
    const res = await SELF.fetch(`${BASE}/api/admin/session`, {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await (await get('/api/admin/session', { Cookie: cookie })).json<any>()).authenticated).toBe(true);
    const same = await SELF.fetch(`${BASE}/api/admin/session`, {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: BASE, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(same.status).toBe(200);
    expect((await (await get('/api/admin/session', { Cookie: cookie })).json<any>()).authenticated).toBe(false);
  });
});
