import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEVICE_COOKIE_TTL_SECONDS,
  UNTRUSTED_MAX_PER_DAY,
  UNTRUSTED_MAX_PER_HOUR,
  type LoginGuard,
  type SignInAttempt,
} from '../../worker/durable-objects/login-guard';
import { signInStaff } from '../../worker/services/staff/session';

const PIN = '4321';
const DAY_MS = 24 * 3_600_000;

// The guard's own behaviour, called as the sign-in route calls it (one RPC per attempt).
const guard = () => env.LOGIN_GUARD.get(env.LOGIN_GUARD.idFromName('staff-pin'));

function attempt(guess: string, clientKey: string, deviceCookie?: string) {
  const input: SignInAttempt = { guess, pin: PIN, clientKey, ...(deviceCookie ? { deviceCookie } : {}) };
  return guard().attemptSignIn(input);
}

async function wrongGuesses(count: number, prefix = '198.51.100') {
  for (let i = 0; i < count; i++) await attempt('0000', `${prefix}.${i + 1}`);
}

// The lockout e-mail is the sign-in service's: the guard hands the lockout out, the service queues it.
function signIn(guess: string, clientKey: string) {
  return signInStaff(env, { guess, clientKey });
}

async function wrongSignIns(count: number, prefix: string) {
  for (let i = 0; i < count; i++) await signIn('0000', `${prefix}.${i + 1}`);
}

async function budgetRows() {
  return runInDurableObject(guard(), async (_i: LoginGuard, state) =>
    state.storage.sql
      .exec<{ key: string; attempts: number; expires_at: number }>('SELECT key, attempts, expires_at FROM budget ORDER BY key')
      .toArray(),
  );
}

async function lockoutMails() {
  const { results } = await env.DB.prepare(
    "SELECT dedupe_key, kind, to_address, subject, text FROM email_outbox WHERE dedupe_key LIKE 'staff-pin-lockout:%'",
  ).all<{
    dedupe_key: string;
    kind: string;
    to_address: string;
    subject: string;
    text: string;
  }>();
  return results;
}

beforeEach(async () => {
  await runInDurableObject(guard(), async (_i: LoginGuard, state) => {
    state.storage.sql.exec('DELETE FROM budget');
    await state.storage.deleteAlarm();
  });
  await env.DB.prepare("DELETE FROM email_outbox WHERE dedupe_key LIKE 'staff-pin-lockout:%'").run();
});

describe('LoginGuard and the sign-in service: the business is told once', () => {
  it('queues one e-mail to the business when unknown browsers are locked out, not one per attempt or per trip', async () => {
    expect(env.BUSINESS_EMAIL).toBeTruthy();
    await wrongSignIns(UNTRUSTED_MAX_PER_HOUR - 1, '198.51.100');
    expect(await lockoutMails()).toHaveLength(0);
    await wrongSignIns(1, '198.51.101');
    // Refused attempts while locked out.
    await wrongSignIns(5, '198.51.102');
    let mails = await lockoutMails();
    expect(mails).toHaveLength(1);
    const now = Date.now();
    expect(mails[0]!.dedupe_key).toBe(`staff-pin-lockout:${new Date(now - (now % DAY_MS)).toISOString()}`);
    expect(mails[0]!.to_address).toBe(env.BUSINESS_EMAIL);
    expect(mails[0]!.kind).toBe('staff-pin-lockout');
    expect(mails[0]!.subject).toMatch(/Staff sign-in paused/);
    expect(mails[0]!.text).toContain(`wrong staff PIN ${UNTRUSTED_MAX_PER_HOUR} times today`);
    expect(mails[0]!.text).toMatch(/paused until \d\d:\d\d on \d{1,2} \w+ \d{4}/);
    expect(mails[0]!.text).toContain('Browsers that have signed in successfully before still work');
    expect(mails[0]!.text).not.toContain('ADMIN_PIN');

    // The next hour of the same day: the shared budget trips again, the business already knows.
    await runInDurableObject(guard(), async (_i: LoginGuard, state) => {
      state.storage.sql.exec("DELETE FROM budget WHERE key = 'untrusted:hour' OR key LIKE 'client:%'");
    });
    await wrongSignIns(UNTRUSTED_MAX_PER_HOUR, '198.51.103');
    expect(await signIn(PIN, '192.0.2.1')).toMatchObject({ outcome: 'locked', scope: 'untrusted' });
    mails = await lockoutMails();
    expect(mails).toHaveLength(1);

    // Even if the guard's own note is lost, the outbox's dedupe key keeps it to one message.
    await runInDurableObject(guard(), async (_i: LoginGuard, state) => {
      state.storage.sql.exec("DELETE FROM budget WHERE key LIKE 'mailed:%'");
    });
    await signIn('0000', '192.0.2.2');
    expect(await lockoutMails()).toHaveLength(1);
  });
});

describe('LoginGuard: the lockout to report', () => {
  it('is handed out once per day window, and again after the caller could not queue its e-mail', async () => {
    await wrongGuesses(UNTRUSTED_MAX_PER_HOUR - 1);
    const tripping = await attempt('0000', '198.51.101.1');
    expect(tripping).toMatchObject({ outcome: 'wrong-pin', report: { attemptsThisHour: UNTRUSTED_MAX_PER_HOUR } });
    const refused = await attempt('0000', '198.51.102.1');
    expect(refused).toMatchObject({ outcome: 'locked', scope: 'untrusted' });
    expect(refused).not.toHaveProperty('report');
    await guard().reportFailed(tripping.report!);
    expect(await attempt('0000', '198.51.102.2')).toMatchObject({
      outcome: 'locked',
      scope: 'untrusted',
      report: { dayStart: tripping.report!.dayStart },
    });
  });
});

describe('LoginGuard: budgets', () => {
  it(`holds unknown browsers to ${UNTRUSTED_MAX_PER_DAY} wrong PINs a day, until the end of the day`, async () => {
    const now = Date.now();
    const dayStart = now - (now % DAY_MS);
    await runInDurableObject(guard(), async (_i: LoginGuard, state) => {
      state.storage.sql.exec(
        'INSERT INTO budget (key, window_start, attempts, locked_until, expires_at) VALUES (?, ?, ?, 0, ?)',
        'untrusted:day',
        dayStart,
        UNTRUSTED_MAX_PER_DAY - 1,
        dayStart + DAY_MS,
      );
    });
    // The attempt that fills the day's budget: a wrong PIN, and the lockout handed out to report.
    expect(await attempt('0000', '192.0.2.3')).toEqual({
      outcome: 'wrong-pin',
      report: expect.objectContaining({ dayStart, attemptsToday: UNTRUSTED_MAX_PER_DAY }),
    });
    const refused = await attempt(PIN, '192.0.2.4');
    expect(refused).toMatchObject({ outcome: 'locked', scope: 'untrusted' });
    if (refused.outcome !== 'locked') throw new Error('expected a lockout');
    expect(Math.abs(refused.retryAfterSeconds - Math.ceil((dayStart + DAY_MS - Date.now()) / 1000))).toBeLessThanOrEqual(2);
  });

  it('does not spend the shared budget on correct PINs', async () => {
    for (let i = 0; i < UNTRUSTED_MAX_PER_HOUR * 2; i++) expect((await attempt(PIN, `192.0.2.${50 + i}`)).outcome).toBe('signed-in');
    await wrongGuesses(UNTRUSTED_MAX_PER_HOUR - 1);
    expect((await attempt(PIN, '192.0.2.99')).outcome).toBe('signed-in');
  });

  it(`stops trusting a device cookie ${DEVICE_COOKIE_TTL_SECONDS / 86400} days after its last sign-in`, async () => {
    const [fresh, stale] = await runInDurableObject(guard(), async (instance: LoginGuard) => {
      const sign = (instance as unknown as { signDevice(id: string, now: number): Promise<string> }).signDevice.bind(instance);
      return Promise.all([
        sign('dknown', Date.now() - (DEVICE_COOKIE_TTL_SECONDS - 3600) * 1000),
        sign('dknown', Date.now() - (DEVICE_COOKIE_TTL_SECONDS + 60) * 1000),
      ]);
    });
    await wrongGuesses(UNTRUSTED_MAX_PER_HOUR);
    expect(await attempt(PIN, '192.0.2.5', stale)).toMatchObject({ outcome: 'locked', scope: 'untrusted' });
    expect(await attempt(PIN, '192.0.2.5', fresh)).toMatchObject({ outcome: 'signed-in' });
  });
});

describe('LoginGuard: nothing is kept for ever', () => {
  it('gives every record an expiry, sets an alarm for it, and the alarm deletes what has expired', async () => {
    await attempt('0000', '192.0.2.6');
    const rows = await budgetRows();
    expect(rows.map((r) => r.key)).toEqual(['client:192.0.2.6', 'untrusted:day', 'untrusted:hour']);
    const alarm = await runInDurableObject(guard(), async (_i: LoginGuard, state) => state.storage.getAlarm());
    expect(alarm).toBe(Math.min(...rows.map((r) => r.expires_at)));

    // Time passes: the client's window and the hour are over, the day is not.
    await runInDurableObject(guard(), async (_i: LoginGuard, state) => {
      state.storage.sql.exec("UPDATE budget SET expires_at = ? WHERE key != 'untrusted:day'", Date.now() - 1);
    });
    expect(await runDurableObjectAlarm(guard())).toBe(true);
    expect((await budgetRows()).map((r) => r.key)).toEqual(['untrusted:day']);
    const next = await runInDurableObject(guard(), async (_i: LoginGuard, state) => state.storage.getAlarm());
    expect(next).toBe((await budgetRows())[0]!.expires_at);

    await runInDurableObject(guard(), async (_i: LoginGuard, state) => {
      state.storage.sql.exec('UPDATE budget SET expires_at = ?', Date.now() - 1);
    });
    expect(await runDurableObjectAlarm(guard())).toBe(true);
    expect(await budgetRows()).toEqual([]);
  });

  it('also drops expired records on the next attempt, and a locked client stays until its lockout ends', async () => {
    await runInDurableObject(guard(), async (_i: LoginGuard, state) => {
      state.storage.sql.exec("INSERT INTO budget VALUES ('client:192.0.2.7', ?, 5, 0, ?)", Date.now() - 3_600_000, Date.now() - 1);
    });
    await attempt(PIN, '192.0.2.8');
    expect((await budgetRows()).map((r) => r.key)).not.toContain('client:192.0.2.7');
    for (let i = 0; i < 6; i++) await attempt('0000', '192.0.2.9');
    const locked = (await budgetRows()).find((r) => r.key === 'client:192.0.2.9')!;
    expect(locked.expires_at).toBeGreaterThan(Date.now() + 14 * 60_000);
  });
});
