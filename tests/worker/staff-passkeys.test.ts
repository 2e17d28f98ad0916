import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import type { Env } from '../../worker/env';
import { BASE, clientIp } from './helpers';
import { SoftAuthenticator } from './soft-authenticator';

const PIN = '4321'; // vitest.worker.config.ts binds ADMIN_PIN
const ENROLMENT_CODE = 'garden-route-enrol-7Q2x';

/** One browser: its cookies, its address, and the worker it talks to (the test worker, or the app with other settings). */
class Browser {
  private readonly cookies = new Map<string, string>();
  readonly ip = clientIp();
  constructor(private readonly settings?: Partial<Env>) {}

  async call(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { 'CF-Connecting-IP': this.ip };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    const res = this.settings
      ? await app.request(`${BASE}${path}`, init, { ...env, ...this.settings })
      : await SELF.fetch(`${BASE}${path}`, init);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (!value || /Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  has(cookie: string): boolean {
    return this.cookies.has(cookie);
  }

  async signedIn(): Promise<boolean> {
    return (await (await this.call('GET', '/api/admin/session')).json<{ authenticated: boolean }>()).authenticated;
  }
}

async function pinSignIn(browser: Browser) {
  const res = await browser.call('POST', '/api/admin/session', { pin: PIN });
  expect(res.status).toBe(200);
  return res.json<any>();
}

/** Registers `device` from a signed-in `browser`; the stored passkey's summary. */
async function register(browser: Browser, device: SoftAuthenticator, name = 'Office laptop') {
  const { options } = await (await browser.call('POST', '/api/admin/passkeys/options')).json<any>();
  const res = await browser.call('POST', '/api/admin/passkeys', { name, response: await device.register(options) });
  expect(res.status).toBe(201);
  return (await res.json<any>()).passkey;
}

async function signInOptions(browser: Browser) {
  const res = await browser.call('POST', '/api/admin/session/passkey/options');
  expect(res.status).toBe(200);
  return (await res.json<any>()).options;
}

async function auditActions(): Promise<string[]> {
  const rows = await env.DB.prepare('SELECT action FROM audit_log ORDER BY id').all<{ action: string }>();
  return rows.results.map((r) => r.action);
}

describe('staff passkeys (PIN or passkey)', () => {
  it('registers a passkey from a signed-in browser, then signs a new browser in with it alone', async () => {
    const office = new Browser();
    await pinSignIn(office);
    const device = await SoftAuthenticator.create();
    const stored = await register(office, device);
    expect(stored).toMatchObject({ id: device.id, name: 'Office laptop', lastUsedAt: null, synced: false });
    const list = await (await office.call('GET', '/api/admin/passkeys')).json<any>();
    expect(list.passkeys.map((p: any) => p.id)).toContain(device.id);
    expect(list.passkeyRequired).toBe(false);

    const options = await signInOptions(new Browser());
    // The options carry this site's host and ask the device to verify its user.
    expect(options).toMatchObject({ rpId: 'shop.test', userVerification: 'required' });
    const phone = new Browser();
    const res = await phone.call('POST', '/api/admin/session/passkey', { response: await device.signIn(options) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, authenticated: true });
    expect(phone.has('__Host-cb_staff')).toBe(true);
    expect(await phone.signedIn()).toBe(true);
    const row = await env.DB.prepare('SELECT counter, last_used_at FROM staff_passkeys WHERE id = ?').bind(device.id).first<any>();
    expect(row.counter).toBe(1);
    expect(row.last_used_at).not.toBeNull();
    expect(await auditActions()).toEqual(expect.arrayContaining(['staff.passkey-register', 'staff.sign-in']));
  });

  it('refuses a replayed answer: each challenge is spent once', async () => {
    const office = new Browser();
    await pinSignIn(office);
    const device = await SoftAuthenticator.create();
    await register(office, device);
    const answer = await device.signIn(await signInOptions(new Browser()));
    expect((await new Browser().call('POST', '/api/admin/session/passkey', { response: answer })).status).toBe(200);
    const replay = await new Browser().call('POST', '/api/admin/session/passkey', { response: answer });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ message: 'This passkey request has expired or was already used. Start again.' });
    // Two replays at once: the challenge still opens at most one session.
    const fresh = await device.signIn(await signInOptions(new Browser()));
    const race = await Promise.all([1, 2, 3].map(() => new Browser().call('POST', '/api/admin/session/passkey', { response: fresh })));
    expect(race.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it('refuses an answer made for another origin or host, and a passkey without user verification', async () => {
    const office = new Browser();
    await pinSignIn(office);
    const device = await SoftAuthenticator.create();
    await register(office, device);
    for (const opts of [{ origin: 'https://shop.test.evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const browser = new Browser();
      const res = await browser.call('POST', '/api/admin/session/passkey', {
        response: await device.signIn(await signInOptions(browser), opts),
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: 'The passkey could not be verified. Try again, or sign in with the PIN.' });
      expect(browser.has('__Host-cb_staff')).toBe(false);
    }
    // Registration from another origin is refused too, and nothing is stored.
    const other = await SoftAuthenticator.create();
    const { options } = await (await office.call('POST', '/api/admin/passkeys/options')).json<any>();
    const res = await office.call('POST', '/api/admin/passkeys', {
      name: 'Elsewhere',
      response: await other.register(options, { origin: 'https://evil.example' }),
    });
    expect(res.status).toBe(400);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM staff_passkeys WHERE id = ?').bind(other.id).first('n')).toBe(0);
  });

  it('refuses an unknown passkey, and a removed one (removal audited)', async () => {
    const stranger = await SoftAuthenticator.create();
    const browser = new Browser();
    const res = await browser.call('POST', '/api/admin/session/passkey', {
      response: await stranger.signIn(await signInOptions(browser), { rpId: 'shop.test' }),
    });
    expect(res.status).toBe(401);
    expect((await res.json<any>()).message).toMatch(/not registered for the staff area/);

    const office = new Browser();
    await pinSignIn(office);
    const device = await SoftAuthenticator.create();
    await register(office, device, 'Old phone');
    const removed = await office.call('DELETE', `/api/admin/passkeys/${device.id}`);
    expect(removed.status).toBe(200);
    const audit = await env.DB.prepare(
      "SELECT target, details FROM audit_log WHERE action = 'staff.passkey-remove' ORDER BY id DESC",
    ).first<any>();
    expect(audit).toMatchObject({ target: device.id });
    expect(JSON.parse(audit.details)).toEqual({ name: 'Old phone' });
    const again = new Browser();
    const after = await again.call('POST', '/api/admin/session/passkey', { response: await device.signIn(await signInOptions(again)) });
    expect(after.status).toBe(401);
    expect((await office.call('DELETE', `/api/admin/passkeys/${device.id}`)).status).toBe(404);
  });

  it('only the staff session that asked for a registration can finish it', async () => {
    const [a, b] = [new Browser(), new Browser()];
    await pinSignIn(a);
    await pinSignIn(b);
    const device = await SoftAuthenticator.create();
    const { options } = await (await a.call('POST', '/api/admin/passkeys/options')).json<any>();
    const res = await b.call('POST', '/api/admin/passkeys', { name: 'Borrowed', response: await device.register(options) });
    expect(res.status).toBe(400);
    // A sign-in challenge cannot register a passkey either.
    const signInChallenge = await signInOptions(a);
    const wrongPurpose = await a.call('POST', '/api/admin/passkeys', {
      name: 'Wrong',
      response: await device.register({ challenge: signInChallenge.challenge, rp: { id: 'shop.test' } }),
    });
    expect(wrongPurpose.status).toBe(400);
  });

  it('answers 401 to anonymous callers of every staff passkey API', async () => {
    const anonymous = new Browser();
    for (const [method, path] of [
      ['GET', '/api/admin/passkeys'],
      ['POST', '/api/admin/passkeys/options'],
      ['POST', '/api/admin/passkeys'],
      ['DELETE', '/api/admin/passkeys/abc'],
    ] as const) {
      expect((await anonymous.call(method, path, method === 'POST' ? {} : undefined)).status, `${method} ${path}`).toBe(401);
    }
  });

  it('needs no enrolment code while passkeys are optional', async () => {
    const res = await new Browser().call('POST', '/api/admin/session/enrolment/options', { code: ENROLMENT_CODE });
    expect(res.status).toBe(409);
  });
});

describe('STAFF_REQUIRE_PASSKEY=true', () => {
  const required = { STAFF_REQUIRE_PASSKEY: 'true', STAFF_ENROLMENT_CODE: ENROLMENT_CODE };

  it('a right PIN alone opens nothing: no session, only a short PIN step', async () => {
    const browser = new Browser(required);
    const answer = await pinSignIn(browser);
    expect(answer).toMatchObject({ authenticated: false, passkeyRequired: true, pinAccepted: true });
    expect(browser.has('__Host-cb_staff')).toBe(false);
    expect(browser.has('__Host-cb_staff_pin')).toBe(true);
    expect(await (await browser.call('GET', '/api/admin/session')).json()).toMatchObject({ authenticated: false, pinAccepted: true });
    expect((await browser.call('GET', '/api/admin/passkeys')).status).toBe(401);
    expect((await browser.call('GET', '/api/leads')).status).toBe(401);
  });

  it('a passkey alone opens nothing either: the PIN comes first', async () => {
    const office = new Browser();
    await pinSignIn(office);
    const device = await SoftAuthenticator.create();
    await register(office, device);
    const browser = new Browser(required);
    const res = await browser.call('POST', '/api/admin/session/passkey/options');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Enter the staff PIN first, then use your passkey.' });
    // An answer to a challenge opened without the PIN step does not complete a later one.
    const early = await device.signIn(await signInOptions(new Browser()));
    await pinSignIn(browser);
    expect((await browser.call('POST', '/api/admin/session/passkey', { response: early })).status).toBe(401);
    // The PIN, then the passkey: signed in, and the PIN step is spent.
    const options = await signInOptions(browser);
    const done = await browser.call('POST', '/api/admin/session/passkey', { response: await device.signIn(options) });
    expect(done.status).toBe(200);
    expect(await browser.signedIn()).toBe(true);
    expect(browser.has('__Host-cb_staff_pin')).toBe(false);
  });

  it('the enrolment code registers one new device after the PIN, once; then it is refused', async () => {
    const first = new Browser(required);
    // Without the PIN step the code is not even looked at.
    expect((await first.call('POST', '/api/admin/session/enrolment/options', { code: ENROLMENT_CODE })).status).toBe(401);
    await pinSignIn(first);
    const wrong = await first.call('POST', '/api/admin/session/enrolment/options', { code: 'not-the-code-at-all' });
    expect(wrong.status).toBe(401);
    const { options } = await (await first.call('POST', '/api/admin/session/enrolment/options', { code: ENROLMENT_CODE })).json<any>();
    const device = await SoftAuthenticator.create();
    const res = await first.call('POST', '/api/admin/session/enrolment', { name: 'Owner phone', response: await device.register(options) });
    expect(res.status).toBe(201);
    expect(await first.signedIn()).toBe(true);
    expect(await env.DB.prepare('SELECT created_by FROM staff_passkeys WHERE id = ?').bind(device.id).first('created_by')).toBe(
      'enrolment-code',
    );

    const second = new Browser(required);
    await pinSignIn(second);
    const reused = await second.call('POST', '/api/admin/session/enrolment/options', { code: ENROLMENT_CODE });
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ message: 'This enrolment code has already been used. Ask the site owner for a new one.' });
    expect(await second.signedIn()).toBe(false);
    // The passkey it registered signs in after the PIN.
    await pinSignIn(second);
    const signIn = await second.call('POST', '/api/admin/session/passkey', { response: await device.signIn(await signInOptions(second)) });
    expect(signIn.status).toBe(200);
  });

  it('two registrations opened with one code: only one stores its passkey', async () => {
    const code = `second-code-${crypto.randomUUID()}`;
    const settings = { ...required, STAFF_ENROLMENT_CODE: code };
    const [a, b] = [new Browser(settings), new Browser(settings)];
    await pinSignIn(a);
    await pinSignIn(b);
    const optionsA = (await (await a.call('POST', '/api/admin/session/enrolment/options', { code })).json<any>()).options;
    const optionsB = (await (await b.call('POST', '/api/admin/session/enrolment/options', { code })).json<any>()).options;
    const [da, db] = [await SoftAuthenticator.create(), await SoftAuthenticator.create()];
    expect((await a.call('POST', '/api/admin/session/enrolment', { name: 'A', response: await da.register(optionsA) })).status).toBe(201);
    const late = await b.call('POST', '/api/admin/session/enrolment', { name: 'B', response: await db.register(optionsB) });
    expect(late.status).toBe(409);
    expect(await b.signedIn()).toBe(false);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM staff_passkeys WHERE id = ?').bind(db.id).first('n')).toBe(0);
  });

  it('keeps the last passkey: removing it would leave no way in', async () => {
    await env.DB.prepare('DELETE FROM staff_passkeys').run();
    const office = new Browser();
    await pinSignIn(office);
    const device = await SoftAuthenticator.create();
    await register(office, device);
    const settingsBrowser = new Browser(required);
    await pinSignIn(settingsBrowser);
    const signIn = await settingsBrowser.call('POST', '/api/admin/session/passkey', {
      response: await device.signIn(await signInOptions(settingsBrowser)),
    });
    expect(signIn.status).toBe(200);
    const res = await settingsBrowser.call('DELETE', `/api/admin/passkeys/${device.id}`);
    expect(res.status).toBe(409);
  });
});
