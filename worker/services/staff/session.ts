import type { UntrustedLockout } from '../../durable-objects/login-guard-contract';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { businessProfile as businessDetails } from '../../lib/business-profile';
import { layoutHtml, signatureText } from '../email/email-parts';
import { formatLongDate, formatSouthAfricanTime } from '../../shared/sa-time';
import { html } from '../../lib/html';
import { enqueueEmail, type OutgoingEmail } from '../email/outbox';
import { toBase64Url } from '../../lib/base64';
import { randomHex } from '../../lib/crypto';
import { endKvSession, readKvSession, storeKvSession } from '../../lib/kv-session';
import { passkeyRequired } from './passkeys/config';
import { openPinStep, type PinStep } from './passkeys/pin-step';

/** __Host-: only ever set by this origin over HTTPS for Path=/, so a subdomain cannot plant or shadow it. */
export const STAFF_COOKIE = '__Host-cb_staff';
/** The device cookie of a browser that signed in before (OWASP device cookies; LoginGuard signs it). */
export const STAFF_DEVICE_COOKIE = '__Host-cb_staff_device';
/** Staff sessions last 24 hours (staff spec section 6). */
export const STAFF_SESSION_TTL_SECONDS = 24 * 60 * 60;

export interface StaffSession {
  /** A short random id that names this session in the audit log (never the token). */
  id: string;
  createdAt: string;
  expiresAt: string;
}

export function configuredPin(pin: string | undefined): string {
  if (!pin || !/^\d{4}$/.test(pin)) {
    console.error('Staff sign-in is not configured: ADMIN_PIN must be a 4-digit secret.');
    throw new AppError('not_configured', 'Staff sign-in is not set up yet. Please contact the site owner.');
  }
  return pin;
}

/** The one LoginGuard object that counts staff PIN attempts. */
export function staffPinGuard(env: Pick<Env, 'LOGIN_GUARD'>) {
  return env.LOGIN_GUARD.get(env.LOGIN_GUARD.idFromName('staff-pin'));
}

/** Every staff cookie: HttpOnly, Secure, SameSite=Strict, Path=/ (the __Host- prefix asks for it). */
export const STAFF_COOKIE_OPTIONS = { httpOnly: true, secure: true, sameSite: 'Strict', path: '/' } as const;

export type StaffSignIn =
  | { outcome: 'signed-in'; token: string; session: StaffSession; deviceCookie: string }
  /** STAFF_REQUIRE_PASSKEY: the PIN was right, and a passkey must complete the PIN step it opened. */
  | { outcome: 'pin-accepted'; pinStepToken: string; pinStep: PinStep; deviceCookie: string }
  | { outcome: 'wrong-pin' }
  | { outcome: 'locked'; scope: 'device' | 'client' | 'untrusted'; retryAfterSeconds: number };

/**
 * One round trip to the guard, which counts the attempt and compares the PIN; a session on success.
 * When the guard hands out a lockout of unknown browsers to report (once per day window), the
 * business's e-mail is queued before the answer.
 */
export async function signInStaff(env: Env, attempt: { guess: string; clientKey: string; deviceCookie?: string }): Promise<StaffSignIn> {
  const pin = configuredPin(env.ADMIN_PIN);
  const guard = staffPinGuard(env);
  const { report, ...verdict } = await guard.attemptSignIn({ ...attempt, pin });
  if (report) await reportStaffLockout(env, report, () => guard.reportFailed(report));
  if (verdict.outcome !== 'signed-in') return verdict;
  if (passkeyRequired(env)) {
    const { token, step } = await openPinStep(env.SESSIONS);
    return { outcome: 'pin-accepted', pinStepToken: token, pinStep: step, deviceCookie: verdict.deviceCookie };
  }
  const { token, session } = await createStaffSession(env.SESSIONS);
  return { outcome: 'signed-in', token, session, deviceCookie: verdict.deviceCookie };
}

/** 'HH:MM on 9 February 2026', South African time (UTC+2 all year). */
function formatSastTime(ms: number): string {
  return `${formatSouthAfricanTime(ms)} on ${formatLongDate(new Date(ms).toISOString())}`;
}

/** The business's notice that sign-in from unknown browsers is paused; null without BUSINESS_EMAIL. */
export function staffLockoutEmail(env: Env, lockout: UntrustedLockout): OutgoingEmail | null {
  const b = businessDetails(env);
  if (!b.email) return null;
  const until = formatSastTime(lockout.lockedUntil);
  const title = 'Staff sign-in paused after repeated wrong PINs';
  const paragraphs = [
    `Someone has entered a wrong staff PIN ${lockout.attemptsToday} time${lockout.attemptsToday === 1 ? '' : 's'} today (${lockout.attemptsThisHour} in the last hour) from browsers that have not signed in before.`,
    `Staff sign-in from unknown browsers is paused until ${until}. While the wrong PINs continue it pauses again, up to 50 attempts a day.`,
    'Browsers that have signed in successfully before still work: staff can keep using the devices they normally use.',
    'If this was not one of your staff, consider changing the staff PIN soon.',
  ];
  return {
    dedupeKey: `staff-pin-lockout:${new Date(lockout.dayStart).toISOString()}`,
    kind: 'staff-pin-lockout',
    to: b.email,
    subject: `${title} (until ${until})`,
    html: layoutHtml(b, title, html`${paragraphs.map((p) => html`<p style="font-size:15px;margin:0 0 12px;">${p}</p>`)}`),
    text: [...paragraphs.flatMap((p) => [p, '']), signatureText(b)].join('\n'),
  };
}

async function reportStaffLockout(env: Env, lockout: UntrustedLockout, reportFailed: () => Promise<void>): Promise<void> {
  const message = staffLockoutEmail(env, lockout);
  if (!message) return;
  try {
    await enqueueEmail(env.DB, message);
  } catch (err) {
    // The lockout holds either way; the next locked-out attempt tries the e-mail again.
    await reportFailed();
    console.error('staff PIN lockout e-mail could not be queued', err);
  }
}

const STAFF_SESSION_PREFIX = 'staff-session';

export async function createStaffSession(kv: KVNamespace, now = new Date()): Promise<{ token: string; session: StaffSession }> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = toBase64Url(bytes);
  const session = await storeKvSession(kv, STAFF_SESSION_PREFIX, token, STAFF_SESSION_TTL_SECONDS, { id: `S-${randomHex(5)}` }, now);
  return { token, session };
}

export function readStaffSession(kv: KVNamespace, token: string | undefined, now = new Date()): Promise<StaffSession | null> {
  return readKvSession<StaffSession>(kv, STAFF_SESSION_PREFIX, token, now);
}

export function endStaffSession(kv: KVNamespace, token: string | undefined): Promise<void> {
  return endKvSession(kv, STAFF_SESSION_PREFIX, token);
}
