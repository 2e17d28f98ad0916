import { env, runInDurableObject } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_MAX_ATTEMPTS, UNTRUSTED_MAX_PER_HOUR, type LoginGuard } from '../../worker/durable-objects/login-guard';
import { app } from '../../worker/app';
import type { Env } from '../../worker/env';

// The worker-test bindings carry no site-visit settings, so each request gets its own env: the
// values of .dev.vars.example, or none to see the unconfigured answer.
const PHRASE = 'garden route';
const CODE = '2468';
const CONFIGURED: Env = { ...env, SITE_VISIT_PHRASE: PHRASE, SITE_VISIT_CODE: CODE };
const BASE = 'https://shop.test';

function unlock(phrase: unknown, ip: string, options: { cookie?: string; env?: Env } = {}) {
  return app.request(
    `${BASE}/api/site-visits/unlock`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip, ...(options.cookie ? { Cookie: options.cookie } : {}) },
      body: JSON.stringify({ phrase }),
    },
    options.env ?? CONFIGURED,
  );
}

function session(cookie?: string) {
  return app.request(`${BASE}/api/site-visits/session`, { headers: cookie ? { Cookie: cookie } : {} }, CONFIGURED);
}

function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

const guard = () => env.LOGIN_GUARD.get(env.LOGIN_GUARD.idFromName('site-visit'));
const staffGuard = () => env.LOGIN_GUARD.get(env.LOGIN_GUARD.idFromName('staff-pin'));

async function budgetRows(stub: DurableObjectStub<LoginGuard>) {
  return runInDurableObject(
    stub,
    async (_instance: LoginGuard, state) => state.storage.sql.exec('SELECT key FROM budget').toArray().length,
  );
}

beforeEach(async () => {
  for (const stub of [guard(), staffGuard()]) {
    await runInDurableObject(stub, async (_instance: LoginGuard, state) => {
      state.storage.sql.exec('DELETE FROM budget');
    });
  }
});

describe('POST /api/site-visits/unlock', () => {
  it('accepts the phrase in any case and spacing, and the 4-digit code', async () => {
    const guesses = ['garden route', 'GARDEN ROUTE', '  Garden   Route ', 'gArDeN rOuTe', CODE];
    for (const [i, phrase] of guesses.entries()) {
      const res = await unlock(phrase, `198.51.100.${i + 1}`);
      expect(res.status, phrase).toBe(200);
      expect(await res.json(), phrase).toMatchObject({ success: true, unlocked: true });
    }
  });

  it('rejects a wrong phrase or code with 401 and the spec message, and sets no cookie', async () => {
    for (const phrase of ['garden rout', 'gardenroute', '2469', 'garden route 2468']) {
      const res = await unlock(phrase, '198.51.100.20');
      expect(res.status, phrase).toBe(401);
      expect(res.headers.get('Set-Cookie')).toBeNull();
      expect(await res.json()).toMatchObject({ success: false, error: 'unauthorized', message: 'Access Denied - Incorrect access phrase' });
    }
  });

  it('rejects a missing or empty phrase with 400 and counts nothing', async () => {
    for (const body of ['', undefined]) {
      expect((await unlock(body, '198.51.100.21')).status).toBe(400);
    }
    expect(await budgetRows(guard())).toBe(0);
  });

  it('sets an HttpOnly, Secure, SameSite=Strict __Host- cookie for 24 hours that GET /session recognises', async () => {
    const res = await unlock(PHRASE, '198.51.100.30');
    const line = setCookieLine(res, '__Host-cb_site_visit')!;
    expect(line).toMatch(/^__Host-cb_site_visit=sv_[a-z2-7]{24};/);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/', 'Max-Age=86400']) expect(line).toContain(flag);
    expect(line).not.toMatch(/Domain=/i);
    expect(setCookieLine(res, '__Host-cb_site_visit_device')).toContain('HttpOnly');

    const cookie = line.split(';')[0]!;
    const status = await (await session(cookie)).json<any>();
    expect(status).toEqual({ success: true, unlocked: true, expiresAt: expect.any(String) });
    expect(Date.parse(status.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
  });

  it('GET /session is public and says locked without a cookie, with a forged one, or with the staff cookie', async () => {
    for (const cookie of [undefined, '__Host-cb_site_visit=sv_forged', '__Host-cb_staff=anything']) {
      const res = await session(cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, unlocked: false, expiresAt: null });
    }
  });

  it('refuses a cross-site unlock (CSRF)', async () => {
    const res = await app.request(
      `${BASE}/api/site-visits/unlock`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' },
        body: JSON.stringify({ phrase: PHRASE }),
      },
      CONFIGURED,
    );
    expect(res.status).toBe(403);
  });

  it('answers 503 without naming the settings when neither phrase nor code is configured', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const unconfigured: Env = { ...env, SITE_VISIT_PHRASE: undefined, SITE_VISIT_CODE: '12' };
      const res = await unlock(PHRASE, '198.51.100.40', { env: unconfigured });
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text).message).toBe('Site-visit access is not set up yet. Please contact the site owner.');
      expect(text).not.toMatch(/SITE_VISIT|PHRASE|CODE/);
      expect(logged.mock.calls.flat().join(' ')).toContain('SITE_VISIT_PHRASE');
    } finally {
      logged.mockRestore();
    }
  });

  it('with only a code configured, a phrase never unlocks (and vice versa)', async () => {
    const codeOnly: Env = { ...env, SITE_VISIT_PHRASE: '  ', SITE_VISIT_CODE: CODE };
    expect((await unlock(PHRASE, '198.51.100.41', { env: codeOnly })).status).toBe(401);
    expect((await unlock(CODE, '198.51.100.42', { env: codeOnly })).status).toBe(200);
    const phraseOnly: Env = { ...env, SITE_VISIT_PHRASE: PHRASE, SITE_VISIT_CODE: undefined };
    expect((await unlock(CODE, '198.51.100.43', { env: phraseOnly })).status).toBe(401);
    expect((await unlock(PHRASE, '198.51.100.44', { env: phraseOnly })).status).toBe(200);
  });
});

describe('access-phrase throttling (the staff PIN limiter, its own budgets)', () => {
  it(`locks a client out after ${CLIENT_MAX_ATTEMPTS} wrong phrases, even with the right one, with a sentence and Retry-After`, async () => {
    const ip = '198.51.100.50';
    for (let i = 0; i < CLIENT_MAX_ATTEMPTS; i++) expect((await unlock('wrong phrase', ip)).status).toBe(401);
    const locked = await unlock(PHRASE, ip);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('Retry-After')).toBe('900');
    expect((await locked.json<any>()).message).toBe('Too many access attempts. Try again in 15 minutes.');
    expect((await unlock(PHRASE, '198.51.100.51')).status).toBe(200);
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    for (let i = 0; i < CLIENT_MAX_ATTEMPTS; i++) expect((await unlock('nope', `2001:db8:5:1::${i + 1}`)).status).toBe(401);
    expect((await unlock(PHRASE, '2001:db8:5:1:ffff::9')).status).toBe(429);
    expect((await unlock(PHRASE, '2001:db8:5:2::1')).status).toBe(200);
  });

  it('lets exactly the budget through when many guesses arrive in parallel', async () => {
    const results = await Promise.all(Array.from({ length: 15 }, () => unlock('parallel guess', '198.51.100.60')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(CLIENT_MAX_ATTEMPTS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15 - CLIENT_MAX_ATTEMPTS);
  });

  it('has a global budget across addresses, and a browser that unlocked before keeps its own', async () => {
    const known = setCookieLine(await unlock(PHRASE, '198.51.100.70'), '__Host-cb_site_visit_device')!.split(';')[0]!;
    const results = await Promise.all(Array.from({ length: UNTRUSTED_MAX_PER_HOUR + 6 }, (_, i) => unlock('botnet', `10.9.${i}.1`)));
    expect(results.filter((r) => r.status === 401)).toHaveLength(UNTRUSTED_MAX_PER_HOUR);
    const locked = await unlock(PHRASE, '10.9.200.1');
    expect(locked.status).toBe(429);
    expect((await locked.json<any>()).message).toContain('Browsers that have unlocked site visits here before can still unlock.');
    expect((await unlock(PHRASE, '10.9.201.1', { cookie: known })).status).toBe(200);
  });

  it('does not touch the staff PIN budgets, nor queue the staff-PIN lockout e-mail', async () => {
    await Promise.all(Array.from({ length: UNTRUSTED_MAX_PER_HOUR + 2 }, (_, i) => unlock('botnet', `10.8.${i}.1`)));
    expect(await budgetRows(staffGuard())).toBe(0);
    const queued = await env.DB.prepare("SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'staff-pin-lockout'").first<{ n: number }>();
    expect(queued?.n ?? 0).toBe(0);
  });
});
