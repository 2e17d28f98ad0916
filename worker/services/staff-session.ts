import { AppError } from '../lib/errors';

export const STAFF_COOKIE = 'cb_staff';
/** Staff sessions last 24 hours (staff spec section 6). */
export const STAFF_SESSION_TTL_SECONDS = 24 * 60 * 60;

export interface StaffSession {
  createdAt: string;
  expiresAt: string;
}

/** Compares without an early exit, so timing does not reveal how much of a guess was right. */
export function constantTimeEqual(a: string, b: string): boolean {
  const enc = new TextEncoder();
  const x = enc.encode(a);
  const y = enc.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

export function configuredPin(pin: string | undefined): string {
  if (!pin || !/^\d{4}$/.test(pin)) {
    throw new AppError('not_configured', 'Staff sign-in is not set up: ADMIN_PIN must be a 4-digit secret.');
  }
  return pin;
}

/** KV holds only a hash of the token: a leaked KV listing does not hand out sessions. */
async function sessionKey(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `staff-session:${hex}`;
}

export async function createStaffSession(kv: KVNamespace, now = new Date()): Promise<{ token: string; session: StaffSession }> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const session: StaffSession = {
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + STAFF_SESSION_TTL_SECONDS * 1000).toISOString(),
  };
  await kv.put(await sessionKey(token), JSON.stringify(session), { expirationTtl: STAFF_SESSION_TTL_SECONDS });
  return { token, session };
}

export async function readStaffSession(kv: KVNamespace, token: string | undefined, now = new Date()): Promise<StaffSession | null> {
  if (!token || token.length > 100) return null;
  const session = await kv.get<StaffSession>(await sessionKey(token), 'json');
  if (!session || Date.parse(session.expiresAt) <= now.getTime()) return null;
  return session;
}

export async function endStaffSession(kv: KVNamespace, token: string | undefined): Promise<void> {
  if (token && token.length <= 100) await kv.delete(await sessionKey(token));
}
