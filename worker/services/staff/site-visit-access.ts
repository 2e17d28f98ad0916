import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { randomHex, randomId, sha256Hex } from '../../lib/crypto';
import { readKvSession, storeKvSession } from '../../lib/kv-session';

// The site-visit workspace's access phrase (staff spec sections 2.11, 5, 6; DESIGN.md section 7):
// checked on the server, throttled by the same LoginGuard logic as the staff PIN (its own object and
// budgets), and an unlock is a 24-hour KV session behind an HttpOnly __Host- cookie. It opens the
// visits and workspace notes kept at the office (site-visit-records.ts), as a staff session does.

/** __Host-: only this origin over HTTPS for Path=/ can set it, so a subdomain cannot plant it. */
export const SITE_VISIT_COOKIE = '__Host-cb_site_visit';
/** A browser that unlocked before keeps its own attempt budget (OWASP device cookies; LoginGuard signs it). */
export const SITE_VISIT_DEVICE_COOKIE = '__Host-cb_site_visit_device';
/** An unlock lasts 24 hours, like the staff session. */
export const SITE_VISIT_SESSION_TTL_SECONDS = 24 * 60 * 60;

export interface SiteVisitSession {
  /** A short random id that names this unlock in the audit log ('V-...'; never the token). Older unlocks have none. */
  id?: string;
  createdAt: string;
  expiresAt: string;
}

/** The phrase as compared: trimmed, inner spaces collapsed, lower case ('Garden  Route ' = 'garden route'). */
export function normalizePhrase(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

interface AccessSecrets {
  phrase: string | null;
  code: string | null;
}

/** The configured phrase and code; neither usable answers 503 without naming the settings. */
export function configuredAccess(env: Pick<Env, 'SITE_VISIT_PHRASE' | 'SITE_VISIT_CODE'>): AccessSecrets {
  const phrase = normalizePhrase(env.SITE_VISIT_PHRASE ?? '') || null;
  const code = env.SITE_VISIT_CODE?.trim() ?? '';
  const secrets = { phrase, code: /^\d{4}$/.test(code) ? code : null };
  if (!secrets.phrase && !secrets.code) {
    console.error('Site-visit access is not configured: set SITE_VISIT_PHRASE and/or SITE_VISIT_CODE (4 digits).');
    throw new AppError('not_configured', 'Site-visit access is not set up yet. Please contact the site owner.');
  }
  return secrets;
}

/** The LoginGuard object that counts access-phrase attempts, apart from the staff PIN's. */
export function siteVisitGuard(env: Pick<Env, 'LOGIN_GUARD'>) {
  return env.LOGIN_GUARD.get(env.LOGIN_GUARD.idFromName('site-visit'));
}

export type SiteVisitUnlock =
  | { outcome: 'signed-in'; token: string; session: SiteVisitSession; deviceCookie: string }
  | { outcome: 'wrong-pin' }
  | { outcome: 'locked'; scope: 'device' | 'client' | 'untrusted'; retryAfterSeconds: number };

/**
 * One round trip to the guard, which counts the attempt and compares. A 4-digit guess is compared
 * with the code, anything else with the phrase; both sides are SHA-256 digests, so the guard's
 * constant-time comparison does not reveal the phrase's length either.
 */
export async function unlockSiteVisits(
  env: Pick<Env, 'SITE_VISIT_PHRASE' | 'SITE_VISIT_CODE' | 'LOGIN_GUARD' | 'SESSIONS'>,
  attempt: { guess: string; clientKey: string; deviceCookie?: string },
): Promise<SiteVisitUnlock> {
  const secrets = configuredAccess(env);
  const guess = normalizePhrase(attempt.guess);
  // An unset secret is replaced by a random one: the attempt is still counted and can never match.
  const expected = (/^\d{4}$/.test(guess) ? secrets.code : secrets.phrase) ?? randomId('unset-');
  const verdict = await siteVisitGuard(env).attemptSignIn({
    guess: await sha256Hex(`site-visit:${guess}`),
    pin: await sha256Hex(`site-visit:${expected}`),
    clientKey: attempt.clientKey,
    deviceCookie: attempt.deviceCookie,
    reportLockout: false,
  });
  if (verdict.outcome !== 'signed-in') return verdict;
  const { token, session } = await createSiteVisitSession(env.SESSIONS);
  return { outcome: 'signed-in', token, session, deviceCookie: verdict.deviceCookie };
}

const SITE_VISIT_SESSION_PREFIX = 'site-visit-session';

export async function createSiteVisitSession(kv: KVNamespace, now = new Date()): Promise<{ token: string; session: SiteVisitSession }> {
  const token = randomId('sv_');
  const session = await storeKvSession(
    kv,
    SITE_VISIT_SESSION_PREFIX,
    token,
    SITE_VISIT_SESSION_TTL_SECONDS,
    { id: `V-${randomHex(5)}` },
    now,
  );
  return { token, session };
}

export function readSiteVisitSession(kv: KVNamespace, token: string | undefined, now = new Date()): Promise<SiteVisitSession | null> {
  return readKvSession<SiteVisitSession>(kv, SITE_VISIT_SESSION_PREFIX, token, now);
}
