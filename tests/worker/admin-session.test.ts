import { SELF, env, runInDurableObject } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { CLIENT_MAX_ATTEMPTS, type LoginGuard } from '../../worker/durable-objects/login-guard';
import type { AppBindings } from '../../worker/env';
import { handleError } from '../../worker/app';
import { requireStaff } from '../../worker/middleware/require-staff';
import { BASE, get, postJson } from './helpers';

const PIN = '4321'; // vitest.worker.config.ts binds ADMIN_PIN

function signIn(pin: string, ip: string) {
  return postJson('/api/admin/session', { pin }, { 'CF-Connecting-IP': ip });
}

function cookieFrom(res: Response): string {
  return res.headers.get('Set-Cookie')!.split(';')[0]!;
}

describe('staff session', () => {
  it('signs in with the PIN: an HttpOnly, Secure, SameSite=Strict cookie that GET recognises', async () => {
    const res = await signIn(PIN, '192.0.2.10');
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('Set-Cookie')!;
    expect(setCookie).toMatch(/^cb_staff=[\w-]{40,};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Max-Age=86400');
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

  it('is not signed in without a cookie or with a forged one', async () => {
    expect((await (await get('/api/admin/session')).json<any>()).authenticated).toBe(false);
    expect((await (await get('/api/admin/session', { Cookie: 'cb_staff=forged-token' })).json<any>()).authenticated).toBe(false);
  });

  it('logs out with DELETE: the old cookie no longer works', async () => {
    const cookie = cookieFrom(await signIn(PIN, '192.0.2.13'));
    const res = await SELF.fetch(`${BASE}/api/admin/session`, { method: 'DELETE', headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Set-Cookie')).toContain('Max-Age=0');
    expect((await (await get('/api/admin/session', { Cookie: cookie })).json<any>()).authenticated).toBe(false);
  });

  it(`locks a client out after ${CLIENT_MAX_ATTEMPTS} attempts, even with the right PIN, and tells it how long`, async () => {
    const ip = '192.0.2.14';
    for (let i = 0; i < CLIENT_MAX_ATTEMPTS; i++) expect((await signIn('1111', ip)).status).toBe(401);
    const locked = await signIn(PIN, ip);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('Retry-After')).toBe('900');
    expect((await locked.json<any>()).message).toContain('Too many PIN attempts');
    // Another client is not affected.
    expect((await signIn(PIN, '192.0.2.15')).status).toBe(200);
  });

  it('counts parallel guesses exactly: no more than the limit get through', async () => {
    const ip = '192.0.2.16';
    const results = await Promise.all(Array.from({ length: 12 }, () => signIn('2222', ip)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(CLIENT_MAX_ATTEMPTS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - CLIENT_MAX_ATTEMPTS);
  });

  it('keeps a global cap on failures across all clients', async () => {
    const stub = env.LOGIN_GUARD.get(env.LOGIN_GUARD.idFromName('staff-pin'));
    await runInDurableObject(stub, async (_instance: LoginGuard, state) => {
      const now = Date.now();
      await state.storage.put('global', { hourStart: now - (now % 3_600_000), count: 50 });
    });
    const res = await signIn(PIN, '192.0.2.17');
    expect(res.status).toBe(429);
    await runInDurableObject(stub, async (_instance: LoginGuard, state) => {
      await state.storage.delete('global');
    });
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
