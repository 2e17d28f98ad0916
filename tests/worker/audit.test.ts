import { SELF, env, runInDurableObject } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_MAX_ATTEMPTS, type LoginGuard } from '../../worker/durable-objects/login-guard';
import { BASE, get, postJson } from './helpers';

const PIN = '4321'; // vitest.worker.config.ts binds ADMIN_PIN

function signIn(pin: string, ip: string) {
  return postJson('/api/admin/session', { pin }, { 'CF-Connecting-IP': ip });
}

function sessionCookie(res: Response): string {
  return res.headers.get('Set-Cookie')!.split(';')[0]!;
}

async function signedIn(ip = '192.0.2.60'): Promise<string> {
  const res = await signIn(PIN, ip);
  expect(res.status).toBe(200);
  return sessionCookie(res);
}

async function readAudit(cookie: string, query = ''): Promise<Response> {
  return get(`/api/admin/audit${query}`, { Cookie: cookie });
}

/** The rows as stored, read straight from D1 (the route shows the same; these tests also check the raw table). */
async function auditRows() {
  const { results } = await env.DB.prepare('SELECT actor, action, target, details FROM audit_log ORDER BY id').all<{
    actor: string;
    action: string;
    target: string | null;
    details: string | null;
  }>();
  return results.map((row) => ({ ...row, details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null }));
}

beforeEach(async () => {
  await runInDurableObject(env.LOGIN_GUARD.get(env.LOGIN_GUARD.idFromName('staff-pin')), async (_instance: LoginGuard, state) => {
    state.storage.sql.exec('DELETE FROM budget');
  });
  await env.DB.prepare('DELETE FROM audit_log').run();
});

describe('audit log of staff sign-ins', () => {
  it('records a sign-in with the new session id as the actor', async () => {
    const cookie = await signedIn();
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'staff.sign-in', target: null, details: null });
    expect(rows[0]!.actor).toMatch(/^S-[0-9a-f]{10}$/);
    // The actor is the session's id, never the cookie's token.
    expect(cookie).not.toContain(rows[0]!.actor!);
  });

  it('records a wrong PIN as anonymous, reason wrong-pin, without the PIN or the address', async () => {
    expect((await signIn('9876', '192.0.2.61')).status).toBe(401);
    const rows = await auditRows();
    expect(rows).toEqual([{ actor: 'anonymous', action: 'staff.sign-in-failed', target: null, details: { reason: 'wrong-pin' } }]);
    const raw = JSON.stringify(await env.DB.prepare('SELECT * FROM audit_log').all());
    expect(raw).not.toContain('9876');
    expect(raw).not.toContain('192.0.2.61');
  });

  it('records an attempt refused by the lockout with reason locked', async () => {
    for (let i = 0; i < CLIENT_MAX_ATTEMPTS; i++) expect((await signIn('1111', '192.0.2.62')).status).toBe(401);
    expect((await signIn(PIN, '192.0.2.62')).status).toBe(429);
    const rows = await auditRows();
    expect(rows.filter((r) => r.details?.reason === 'wrong-pin')).toHaveLength(CLIENT_MAX_ATTEMPTS);
    expect(rows.at(-1)).toEqual({ actor: 'anonymous', action: 'staff.sign-in-failed', target: null, details: { reason: 'locked' } });
    expect(rows.some((r) => r.action === 'staff.sign-in')).toBe(false);
  });

  it('records refusals during one lockout once, however many requests arrive (no flood of D1 writes)', async () => {
    for (let i = 0; i < CLIENT_MAX_ATTEMPTS; i++) expect((await signIn('1111', '192.0.2.64')).status).toBe(401);
    for (let i = 0; i < 8; i++) expect((await signIn('2222', '192.0.2.64')).status).toBe(429);
    const rows = await auditRows();
    expect(rows.filter((r) => r.details?.reason === 'locked')).toHaveLength(1);
  });

  it('records a sign-out with the ending session as the actor, and nothing for a browser that was not signed in', async () => {
    const cookie = await signedIn('192.0.2.63');
    const [signInRow] = await auditRows();
    const out = await SELF.fetch(`${BASE}/api/admin/session`, { method: 'DELETE', headers: { Cookie: cookie } });
    expect(out.status).toBe(200);
    const again = await SELF.fetch(`${BASE}/api/admin/session`, { method: 'DELETE', headers: { Cookie: cookie } });
    expect(again.status).toBe(200);
    const rows = await auditRows();
    expect(rows.map((r) => r.action)).toEqual(['staff.sign-in', 'staff.sign-out']);
    expect(rows[1]!.actor).toBe(signInRow!.actor);
  });
});

describe('GET /api/admin/audit', () => {
  it('answers 401 to an anonymous request and to an ended session', async () => {
    const anonymous = await get('/api/admin/audit');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: false, error: 'unauthorized' });
    const cookie = await signedIn('192.0.2.64');
    await SELF.fetch(`${BASE}/api/admin/session`, { method: 'DELETE', headers: { Cookie: cookie } });
    expect((await readAudit(cookie)).status).toBe(401);
  });

  it('lists the latest entries newest first, in the documented shape', async () => {
    expect((await signIn('0000', '192.0.2.65')).status).toBe(401);
    const cookie = await signedIn('192.0.2.65');
    const res = await readAudit(cookie);
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.success).toBe(true);
    expect(body.entries).toHaveLength(2);
    expect(body.entries[0]).toEqual({
      id: expect.any(Number),
      actor: expect.stringMatching(/^S-/),
      action: 'staff.sign-in',
      target: null,
      details: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(body.entries[1]).toMatchObject({ actor: 'anonymous', action: 'staff.sign-in-failed', details: { reason: 'wrong-pin' } });
    expect(body.entries[0].id).toBeGreaterThan(body.entries[1].id);
  });

  it('takes a limit from 1 to 100, 20 by default', async () => {
    const cookie = await signedIn('192.0.2.66');
    const stmt = env.DB.prepare("INSERT INTO audit_log (actor, action, created_at) VALUES ('S-test', 'lead.update', ?)");
    await env.DB.batch(Array.from({ length: 120 }, () => stmt.bind(new Date().toISOString())));
    expect((await (await readAudit(cookie)).json<any>()).entries).toHaveLength(20);
    expect((await (await readAudit(cookie, '?limit=3')).json<any>()).entries).toHaveLength(3);
    expect((await (await readAudit(cookie, '?limit=100')).json<any>()).entries).toHaveLength(100);
    for (const bad of ['0', '101', 'abc', '2.5']) {
      const res = await readAudit(cookie, `?limit=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(await res.json(), bad).toMatchObject({ error: 'validation_error' });
    }
  });
});
