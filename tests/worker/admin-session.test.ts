import { SELF, env, runInDurableObject } from 'cloudflare:test';
import { Hono } from 'hono';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_MAX_ATTEMPTS,
  DEVICE_MAX_ATTEMPTS,
  UNTRUSTED_MAX_PER_HOUR,
  type LoginGuard,
} from '../../worker/durable-objects/login-guard';
import type { AppBindings } from '../../worker/env';
import { handleError } from '../../worker/app';
import { requireStaff } from '../../worker/middleware/require-staff';
import { adminSessionRoutes } from '../../worker/routes/admin-session';
import { BASE, get, postJson } from './helpers';

const PIN = '4321'; // vitest.worker.config.ts binds ADMIN_PIN

function signIn(pin: string, ip: string, cookie?: string) {
  return postJson('/api/admin/session', { pin }, { 'CF-Connecting-IP': ip, ...(cookie ? { Cookie: cookie } : {}) });
}

/** name=value of the cookie called `name` among the answer's Set-Cookie lines. */
function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

function cookieFrom(res: Response): string {
  return res.headers.get('Set-Cookie')!.split(';')[0]!;
}

function deviceCookieFrom(res: Response): string {
  return setCookieLine(res, '__Host-cb_staff_device')!.split(';')[0]!;
}

const guard = () => env.LOGIN_GUARD.get(env.LOGIN_GUARD.idFromName('staff-pin'));

/** Each test starts with empty attempt budgets (storage is shared by the tests of a file). */
async function resetGuard() {
  await runInDurableObject(guard(), async (_instance: LoginGuard, state) => {
    state.storage.sql.exec('DELETE FROM budget');
  });
}

/** Wrong PINs from `count` different addresses, as a botnet would send them. */
async function distributedGuesses(count: number, prefix: string) {
  const results = [];
  for (let i = 0; i < count; i++) results.push(await signIn('0000', `${prefix}.${i + 1}`));
  return results;
}

beforeEach(resetGuard);

describe('staff session', () => {
  it('signs in with the PIN: a __Host- session cookie that GET recognises, and a long-lived device cookie', async () => {
    const res = await signIn(PIN, '192.0.2.10');
    expect(res.status).toBe(200);
    const session = setCookieLine(res, '__Host-cb_staff')!;
    expect(session).toMatch(/^__Host-cb_staff=[\w-]{40,};/);
    expect(res.headers.get('Set-Cookie')).toMatch(/^__Host-cb_staff=/);
    const device = setCookieLine(res, '__Host-cb_staff_device')!;
    expect(device).toBeDefined();
    for (const line of [session, device]) {
      expect(line).toContain('HttpOnly');
      expect(line).toContain('Secure');
      expect(line).toContain('SameSite=Strict');
      expect(line).toContain('Path=/');
      expect(line).not.toMatch(/Domain=/i);
    }
    expect(session).toContain('Max-Age=86400');
    expect(device).toContain(`Max-Age=${180 * 24 * 3600}`);
    const status = await (await get('/api/admin/session', { Cookie: cookieFrom(res) })).json<any>();
    expect(status.authenticated).toBe(true);
    expect(Date.parse(status.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
  });

  it('rejects a wrong PIN with 401 Incorrect PIN code and no cookie', async () => {
    const res = await signIn('0000', '192.0.2.11');
    expect(res.status).toBe(401);
    expect(res.headers.get('Set-Cookie')).toBeNull();
    expect(await res.json()).toMatchObject({ success: false, error: 'unauthorized', message: 'Incorrect PIN code' });
  });

  it('rejects a PIN that is not 4 digits with a 400', async () => {
    for (const pin of ['123', '12345', 'abcd']) {
      const res = await signIn(pin, '192.0.2.12');
      expect(res.status, pin).toBe(400);
    }
  });

  it('is not signed in without a cookie, with a forged one, or with the old cookie name', async () => {
    const real = cookieFrom(await signIn(PIN, '192.0.2.19'));
    expect((await (await get('/api/admin/session')).json<any>()).authenticated).toBe(false);
    expect((await (await get('/api/admin/session', { Cookie: '__Host-cb_staff=forged-token' })).json<any>()).authenticated).toBe(false);
    const token = real.split('=')[1]!;
    expect((await (await get('/api/admin/session', { Cookie: `cb_staff=${token}` })).json<any>()).authenticated).toBe(false);
  });

  it('logs out with DELETE: the old cookie no longer works', async () => {
    const cookie = cookieFrom(await signIn(PIN, '192.0.2.13'));
    const res = await SELF.fetch(`${BASE}/api/admin/session`, { method: 'DELETE', headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(setCookieLine(res, '__Host-cb_staff')).toContain('Max-Age=0');
    expect((await (await get('/api/admin/session', { Cookie: cookie })).json<any>()).authenticated).toBe(false);
  });

  it('answers a site without a valid ADMIN_PIN without naming the setting, and logs the key', async () => {
    const app = new Hono<AppBindings>().route('/api/admin/session', adminSessionRoutes);
    app.onError(handleError);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await app.request(
        '/api/admin/session',
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pin: PIN }) },
        { ...env, ADMIN_PIN: '12' },
      );
      expect(res.status).toBe(503);
      const body = await res.json<any>();
      expect(body.message).toBe('Staff sign-in is not set up yet. Please contact the site owner.');
      expect(JSON.stringify(body)).not.toContain('ADMIN_PIN');
      expect(logged.mock.calls.flat().join(' ')).toContain('ADMIN_PIN');
    } finally {
      logged.mockRestore();
    }
  });
});

describe('staff PIN lockout', () => {
  it(`locks a client out after ${CLIENT_MAX_ATTEMPTS} attempts, even with the right PIN, and tells it how long`, async () => {
    const ip = '192.0.2.14';
    for (let i = 0; i < CLIENT_MAX_ATTEMPTS; i++) expect((await signIn('1111', ip)).status).toBe(401);
    const locked = await signIn(PIN, ip);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('Retry-After')).toBe('900');
    expect((await locked.json<any>()).message).toContain('Too many PIN attempts. Try again in 15 minutes.');
    // Another client is not affected.
    expect((await signIn(PIN, '192.0.2.15')).status).toBe(200);
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    for (let i = 0; i < CLIENT_MAX_ATTEMPTS; i++) {
      expect((await signIn('1111', `2001:db8:77:1::${(i + 1).toString(16)}`)).status).toBe(401);
    }
    expect((await signIn(PIN, '2001:DB8:77:1:abcd:ef01:2345:6789')).status).toBe(429);
    expect((await signIn(PIN, '2001:db8:77:2::1')).status).toBe(200);
  });

  it('counts parallel guesses from one client exactly: no more than the limit get through', async () => {
    const ip = '192.0.2.16';
    const results = await Promise.all(Array.from({ length: 12 }, () => signIn('2222', ip)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(CLIENT_MAX_ATTEMPTS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - CLIENT_MAX_ATTEMPTS);
  });

  it(`lets exactly ${UNTRUSTED_MAX_PER_HOUR} of 12 parallel guesses from different addresses through the shared budget`, async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn('3333', `198.51.100.${i + 1}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(UNTRUSTED_MAX_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - UNTRUSTED_MAX_PER_HOUR);
  });

  it('keeps a browser that signed in before working while an attack from many addresses locks out new browsers', async () => {
    const staffBrowser = deviceCookieFrom(await signIn(PIN, '192.0.2.20'));

    const attack = await distributedGuesses(UNTRUSTED_MAX_PER_HOUR + 5, '198.51.100');
    expect(attack.filter((r) => r.status === 401)).toHaveLength(UNTRUSTED_MAX_PER_HOUR);
    expect(attack.filter((r) => r.status === 429)).toHaveLength(5);

    // A fresh browser, even with the right PIN and an address never seen, waits.
    const fresh = await signIn(PIN, '192.0.2.21');
    expect(fresh.status).toBe(429);
    expect(Number(fresh.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(fresh.headers.get('Retry-After'))).toBeLessThanOrEqual(3600);
    expect((await fresh.json<any>()).message).toMatch(
      /Too many PIN attempts\. Try again in .+\. Browsers that have signed in here before can still sign in\./,
    );

    // The known browser signs in, from the same network as the attack too.
    const known = await signIn(PIN, '198.51.100.1', staffBrowser);
    expect(known.status).toBe(200);
    expect((await (await get('/api/admin/session', { Cookie: cookieFrom(known) })).json<any>()).authenticated).toBe(true);
  });

  it('does not trust a forged or tampered device cookie', async () => {
    const staffBrowser = deviceCookieFrom(await signIn(PIN, '192.0.2.22'));
    await distributedGuesses(UNTRUSTED_MAX_PER_HOUR, '198.51.100');
    const [name, value] = staffBrowser.split('=') as [string, string];
    const [id, issued, signature] = value.split('.') as [string, string, string];
    const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    for (const forged of [
      `${name}=${id}.${issued}.${flipped}`,
      `${name}=other.${issued}.${signature}`,
      `${name}=${id}.${Number(issued) + 1}.${signature}`,
      `${name}=nonsense`,
    ]) {
      expect((await signIn(PIN, '192.0.2.23', forged)).status, forged).toBe(429);
    }
    expect((await signIn(PIN, '192.0.2.23', staffBrowser)).status).toBe(200);
  });

  it(`locks a known device after ${DEVICE_MAX_ATTEMPTS} wrong PINs, and only that device`, async () => {
    const first = deviceCookieFrom(await signIn(PIN, '192.0.2.24'));
    const second = deviceCookieFrom(await signIn(PIN, '192.0.2.25'));
    expect(first).not.toBe(second);
    for (let i = 0; i < DEVICE_MAX_ATTEMPTS; i++) expect((await signIn('5555', `192.0.2.${30 + i}`, first)).status).toBe(401);
    const locked = await signIn(PIN, '192.0.2.40', first);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('Retry-After')).toBe('900');
    expect((await signIn(PIN, '192.0.2.24', second)).status).toBe(200);
    // Its wrong PINs were not taken from the shared budget of unknown browsers, nor from its addresses.
    expect((await signIn(PIN, '192.0.2.30')).status).toBe(200);
  });

  it('renews the device cookie on each sign-in, keeping the device and clearing its count', async () => {
    const first = deviceCookieFrom(await signIn(PIN, '192.0.2.26'));
    for (let i = 0; i < DEVICE_MAX_ATTEMPTS - 1; i++) await signIn('6666', '192.0.2.26', first);
    const again = await signIn(PIN, '192.0.2.26', first);
    expect(again.status).toBe(200);
    const renewed = deviceCookieFrom(again);
    expect(renewed.split('.')[0]).toBe(first.split('.')[0]);
    for (let i = 0; i < DEVICE_MAX_ATTEMPTS - 1; i++) expect((await signIn('6666', '192.0.2.26', renewed)).status).toBe(401);
    expect((await signIn(PIN, '192.0.2.26', renewed)).status).toBe(200);
  });
});

describe('requireStaff', () => {
  const guarded = new Hono<AppBindings>().get('/staff-only', requireStaff, (c) => c.json({ ok: true }));
  guarded.onError(handleError);

  it('answers 401 without a session and passes with one', async () => {
    const denied = await guarded.request('/staff-only', {}, env);
    expect(denied.status).toBe(401);
    expect((await denied.json<any>()).message).toContain('Staff sign-in required');
    const cookie = cookieFrom(await signIn(PIN, '192.0.2.18'));
    const allowed = await guarded.request('/staff-only', { headers: { Cookie: cookie } }, env);
    expect(allowed.status).toBe(200);
  });

  it('guards the catalogue seed endpoint', async () => {
    const res = await postJson('/api/admin/catalogue/seed', {});
    expect(res.status).toBe(401);
  });
});
