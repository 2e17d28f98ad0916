import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env';
import { hmacSha256, randomId, timingSafeEqualText, toHex } from '../lib/crypto';
import type { LoginGuardApi, SignInAttempt, SignInDecision, SignInOutcome, UntrustedLockout } from './login-guard-contract';

// The staff PIN's lockout (DESIGN.md section 7, docs/decisions/004-staff-pin-lockout.md): OWASP's
// device-cookie defence. A browser that signed in before (a valid device cookie) has its own budget;
// every other browser counts against its client's budget and one shared "untrusted" budget.

/** A known device: this many attempts within the window, then that device alone is locked out. */
export const DEVICE_MAX_ATTEMPTS = 5;
export const DEVICE_WINDOW_MS = 15 * 60_000;
export const DEVICE_LOCKOUT_MS = 15 * 60_000;
/** An unknown browser's client (IPv4 address or IPv6 /64): this many attempts within the window, then a lockout. */
export const CLIENT_MAX_ATTEMPTS = 5;
export const CLIENT_WINDOW_MS = 15 * 60_000;
export const CLIENT_LOCKOUT_MS = 15 * 60_000;
/**
 * All unknown browsers together, whatever their addresses: 10 an hour and 50 a day. At 50 a day an
 * attacker with unlimited addresses needs 100 days on average (5,000 guesses) and 200 days for all
 * 10,000 PINs.
 */
export const UNTRUSTED_MAX_PER_HOUR = 10;
export const UNTRUSTED_MAX_PER_DAY = 50;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A device cookie is trusted this long after its last successful sign-in. */
export const DEVICE_COOKIE_TTL_SECONDS = 180 * 24 * 60 * 60;

export type { SignInAttempt, SignInOutcome, UntrustedLockout } from './login-guard-contract';

interface Budget {
  key: string;
  window_start: number;
  attempts: number;
  locked_until: number;
  expires_at: number;
}

const SIGNING_KEY = 'device-signing-key';

/**
 * Exact attempt counter for the staff PIN (one object, named 'staff-pin'). The budgets are checked,
 * the attempt counted and the PIN compared in one synchronous stretch of one call, so parallel
 * guesses cannot slip past a limit. Every budget row has an expiry; an alarm deletes expired rows.
 * It sends nothing: when unknown browsers are locked out it hands the lockout out to report, once per
 * day window, and the sign-in service (services/staff/session.ts) queues the business's e-mail.
 */
export class LoginGuard extends DurableObject<Env> implements LoginGuardApi {
  private signingKey!: Uint8Array<ArrayBuffer>;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS budget (
        key TEXT PRIMARY KEY,
        window_start INTEGER NOT NULL,
        attempts INTEGER NOT NULL,
        locked_until INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      )`);
      ctx.storage.sql.exec('CREATE INDEX IF NOT EXISTS budget_expiry ON budget (expires_at)');
      // Generated once and never leaves this object: no secret to configure, nothing to leak.
      let key = await ctx.storage.get<Uint8Array<ArrayBuffer>>(SIGNING_KEY);
      if (!key) {
        key = crypto.getRandomValues(new Uint8Array(32));
        await ctx.storage.put(SIGNING_KEY, key);
      }
      this.signingKey = key;
    });
  }

  async attemptSignIn(attempt: SignInAttempt): Promise<SignInDecision> {
    const deviceId = await this.verifiedDevice(attempt.deviceCookie, Date.now());
    // From here until scheduleSweep() nothing awaits: no other attempt can interleave with the decision.
    const now = Date.now();
    this.sweep(now);
    const decision = deviceId ? this.decideForDevice(deviceId, attempt, now) : this.decideForUntrusted(attempt, now);
    const report = decision.lockout && attempt.reportLockout !== false && this.claimReport(decision.lockout) ? decision.lockout : undefined;
    await this.scheduleSweep();
    if (decision.outcome.outcome !== 'signed-in') return report ? { ...decision.outcome, report } : decision.outcome;
    return { outcome: 'signed-in', deviceCookie: await this.signDevice(deviceId ?? randomId('d'), now) };
  }

  /** The caller could not queue the lockout's e-mail: the next locked-out attempt hands it out again. */
  async reportFailed(lockout: UntrustedLockout): Promise<void> {
    this.remove(reportMarker(lockout));
  }

  /** Deletes expired budget rows and sets the next alarm: no client or device is remembered for ever. */
  override async alarm(): Promise<void> {
    this.sweep(Date.now());
    await this.scheduleSweep();
  }

  private decideForDevice(deviceId: string, attempt: SignInAttempt, now: number): Decision {
    const key = `device:${deviceId}`;
    const device = this.windowed(key, now, DEVICE_WINDOW_MS);
    if (device.locked_until > now) return locked('device', device.locked_until, now);
    if (device.attempts >= DEVICE_MAX_ATTEMPTS) {
      device.locked_until = now + DEVICE_LOCKOUT_MS;
      this.save(device, device.locked_until);
      return locked('device', device.locked_until, now);
    }
    device.attempts += 1;
    if (timingSafeEqualText(attempt.guess, attempt.pin)) {
      this.remove(key);
      return { outcome: { outcome: 'signed-in', deviceCookie: '' } };
    }
    this.save(device, device.window_start + DEVICE_WINDOW_MS);
    return { outcome: { outcome: 'wrong-pin' } };
  }

  private decideForUntrusted(attempt: SignInAttempt, now: number): Decision {
    const clientKey = `client:${attempt.clientKey}`;
    const client = this.windowed(clientKey, now, CLIENT_WINDOW_MS);
    if (client.locked_until > now) return locked('client', client.locked_until, now);
    const hour = this.aligned('untrusted:hour', now, HOUR_MS);
    const day = this.aligned('untrusted:day', now, DAY_MS);
    const untrustedLockout = lockoutOf(hour, day);
    if (untrustedLockout) return { ...locked('untrusted', untrustedLockout.lockedUntil, now), lockout: untrustedLockout };
    if (client.attempts >= CLIENT_MAX_ATTEMPTS) {
      client.locked_until = now + CLIENT_LOCKOUT_MS;
      this.save(client, client.locked_until);
      return locked('client', client.locked_until, now);
    }
    // The attempt is counted before the comparison; a success hands its unit back, so the shared
    // budgets hold only failures and staff signing in never use up what an attacker would get.
    client.attempts += 1;
    hour.attempts += 1;
    day.attempts += 1;
    if (timingSafeEqualText(attempt.guess, attempt.pin)) {
      hour.attempts -= 1;
      day.attempts -= 1;
      this.remove(clientKey);
      return { outcome: { outcome: 'signed-in', deviceCookie: '' } };
    }
    this.save(client, client.window_start + CLIENT_WINDOW_MS);
    this.save(hour, hour.window_start + HOUR_MS);
    this.save(day, day.window_start + DAY_MS);
    return { outcome: { outcome: 'wrong-pin' }, lockout: lockoutOf(hour, day) };
  }

  /** A budget that starts at its first attempt and lasts windowMs. */
  private windowed(key: string, now: number, windowMs: number): Budget {
    const row = this.row(key);
    if (row && (row.locked_until > now || now - row.window_start < windowMs)) return row;
    return { key, window_start: now, attempts: 0, locked_until: 0, expires_at: now + windowMs };
  }

  /** A budget on fixed calendar windows (UTC hours and days), shared by every unknown browser. */
  private aligned(key: string, now: number, windowMs: number): Budget {
    const windowStart = now - (now % windowMs);
    const row = this.row(key);
    if (row && row.window_start === windowStart) return row;
    return { key, window_start: windowStart, attempts: 0, locked_until: 0, expires_at: windowStart + windowMs };
  }

  private row(key: string): Budget | null {
    return (
      this.ctx.storage.sql.exec<Budget & Record<string, number | string>>('SELECT * FROM budget WHERE key = ?', key).toArray()[0] ?? null
    );
  }

  private save(b: Budget, expiresAt: number): void {
    this.ctx.storage.sql.exec(
      `INSERT INTO budget (key, window_start, attempts, locked_until, expires_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start, attempts = excluded.attempts,
         locked_until = excluded.locked_until, expires_at = excluded.expires_at`,
      b.key,
      b.window_start,
      b.attempts,
      b.locked_until,
      expiresAt,
    );
  }

  private remove(key: string): void {
    this.ctx.storage.sql.exec('DELETE FROM budget WHERE key = ?', key);
  }

  private sweep(now: number): void {
    this.ctx.storage.sql.exec('DELETE FROM budget WHERE expires_at <= ?', now);
  }

  private async scheduleSweep(): Promise<void> {
    const next = this.ctx.storage.sql.exec<{ next: number | null }>('SELECT MIN(expires_at) AS next FROM budget').one().next;
    if (next === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next) await this.ctx.storage.setAlarm(next);
  }

  /** True once per day window in which unknown browsers were locked out: the business is told once. */
  private claimReport(lockout: UntrustedLockout): boolean {
    const marker = reportMarker(lockout);
    if (this.row(marker)) return false;
    this.save({ key: marker, window_start: lockout.dayStart, attempts: 0, locked_until: 0, expires_at: 0 }, lockout.dayStart + DAY_MS);
    return true;
  }

  /** Cookie value: device id, issue time (seconds), HMAC-SHA256 of both under this object's key. */
  private async signDevice(deviceId: string, now: number): Promise<string> {
    const payload = `${deviceId}.${Math.floor(now / 1000)}`;
    return `${payload}.${toHex(await hmacSha256(this.signingKey, `staff-device:${payload}`))}`;
  }

  private async verifiedDevice(cookie: string | undefined, now: number): Promise<string | null> {
    if (!cookie || cookie.length > 200) return null;
    const [deviceId, issued, signature, ...extra] = cookie.split('.');
    if (!deviceId || !issued || !signature || extra.length > 0 || !/^\d+$/.test(issued)) return null;
    const issuedMs = Number(issued) * 1000;
    if (issuedMs > now + 60_000 || now - issuedMs > DEVICE_COOKIE_TTL_SECONDS * 1000) return null;
    const expected = toHex(await hmacSha256(this.signingKey, `staff-device:${deviceId}.${issued}`));
    return timingSafeEqualText(signature, expected) ? deviceId : null;
  }
}

function reportMarker(lockout: UntrustedLockout): string {
  return `mailed:${lockout.dayStart}`;
}

interface Decision {
  /** For 'signed-in' the device cookie is filled in after the synchronous part. */
  outcome: SignInOutcome;
  lockout?: UntrustedLockout;
}

/** The untrusted lockout in force once the hour's or the day's budget is used up, else undefined. */
function lockoutOf(hour: Budget, day: Budget): UntrustedLockout | undefined {
  const dayFull = day.attempts >= UNTRUSTED_MAX_PER_DAY;
  if (!dayFull && hour.attempts < UNTRUSTED_MAX_PER_HOUR) return undefined;
  return {
    dayStart: day.window_start,
    lockedUntil: dayFull ? day.window_start + DAY_MS : hour.window_start + HOUR_MS,
    attemptsToday: day.attempts,
    attemptsThisHour: hour.attempts,
  };
}

function locked(scope: 'device' | 'client' | 'untrusted', until: number, now: number): Decision {
  return { outcome: { outcome: 'locked', scope, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) } };
}
