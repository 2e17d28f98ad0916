import { DurableObject } from 'cloudflare:workers';

/** Per client: this many attempts within the window, then a lockout. */
export const CLIENT_MAX_ATTEMPTS = 5;
export const CLIENT_WINDOW_MS = 15 * 60 * 1000;
export const CLIENT_LOCKOUT_MS = 15 * 60 * 1000;
/**
 * Across all clients: a 4-digit PIN has 10,000 values, so a distributed guess is capped too.
 * 50 failed attempts an hour would need over 8 days on average to find a PIN.
 */
export const GLOBAL_MAX_FAILURES_PER_HOUR = 50;

export type AttemptVerdict =
  | { allowed: true }
  | { allowed: false; retryAfterSeconds: number };

interface ClientRecord {
  windowStart: number;
  attempts: number;
  lockedUntil: number;
}

/**
 * Exact attempt counter for a secret check (staff PIN, site-visit phrase). Each attempt is counted
 * before the secret is compared, in one single-threaded object, so parallel guesses cannot slip
 * past the limit. A success clears the client's count.
 */
export class LoginGuard extends DurableObject {
  async beginAttempt(clientKey: string): Promise<AttemptVerdict> {
    const now = Date.now();
    const global = await this.globalFailures(now);
    if (global.count >= GLOBAL_MAX_FAILURES_PER_HOUR) {
      return { allowed: false, retryAfterSeconds: Math.ceil((global.hourStart + 3_600_000 - now) / 1000) };
    }
    const key = `client:${clientKey}`;
    let record = (await this.ctx.storage.get<ClientRecord>(key)) ?? { windowStart: now, attempts: 0, lockedUntil: 0 };
    if (record.lockedUntil > now) {
      return { allowed: false, retryAfterSeconds: Math.ceil((record.lockedUntil - now) / 1000) };
    }
    if (now - record.windowStart > CLIENT_WINDOW_MS) record = { windowStart: now, attempts: 0, lockedUntil: 0 };
    if (record.attempts >= CLIENT_MAX_ATTEMPTS) {
      record.lockedUntil = now + CLIENT_LOCKOUT_MS;
      await this.ctx.storage.put(key, record);
      return { allowed: false, retryAfterSeconds: Math.ceil(CLIENT_LOCKOUT_MS / 1000) };
    }
    record.attempts += 1;
    await this.ctx.storage.put(key, record);
    return { allowed: true };
  }

  async recordResult(clientKey: string, succeeded: boolean): Promise<void> {
    if (succeeded) {
      await this.ctx.storage.delete(`client:${clientKey}`);
      return;
    }
    const now = Date.now();
    const global = await this.globalFailures(now);
    await this.ctx.storage.put('global', { hourStart: global.hourStart, count: global.count + 1 });
  }

  private async globalFailures(now: number): Promise<{ hourStart: number; count: number }> {
    const hourStart = now - (now % 3_600_000);
    const stored = await this.ctx.storage.get<{ hourStart: number; count: number }>('global');
    return stored && stored.hourStart === hourStart ? stored : { hourStart, count: 0 };
  }
}
