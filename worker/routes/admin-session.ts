import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { DEVICE_COOKIE_TTL_SECONDS } from '../durable-objects/login-guard';
import type { AppBindings, Env } from '../env';
import { AppError } from '../lib/errors';
import { clientKey } from '../lib/client';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { humanSeconds } from '../middleware/rate-limit';
import { sameOriginWrites } from '../middleware/same-origin';
import { staffSignInSchema } from '../shared/schemas';
import { recordAudit } from '../services/staff/audit';
import { passkeyRequired } from '../services/staff/passkeys/config';
import { PIN_STEP_TTL_SECONDS, STAFF_PIN_STEP_COOKIE, readPinStep } from '../services/staff/passkeys/pin-step';
import type { StaffSessionStatus } from '../shared/passkey-api';
import {
  STAFF_COOKIE,
  STAFF_COOKIE_OPTIONS,
  STAFF_DEVICE_COOKIE,
  STAFF_SESSION_TTL_SECONDS,
  endStaffSession,
  readStaffSession,
  signInStaff,
} from '../services/staff/session';

async function firstLockedRefusal(env: Env, scope: string, client: string): Promise<boolean> {
  const key = `audit-locked:${scope}:${scope === 'untrusted' ? 'all' : client}`;
  const verdict = await env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key)).hit(1, 15 * 60);
  return verdict.allowed;
}

const COOKIE_OPTIONS = STAFF_COOKIE_OPTIONS;

/** DESIGN.md section 7: staff sign-in by PIN, a KV session behind an HttpOnly cookie. */
export const adminSessionRoutes = new Hono<AppBindings>()
  .post('/', sameOriginWrites, jsonBody(1024), validate('json', staffSignInSchema), async (c) => {
    const result = await signInStaff(c.env, {
      guess: c.req.valid('json').pin,
      clientKey: clientKey(c),
      deviceCookie: getCookie(c, STAFF_DEVICE_COOKIE),
    });
    // The audit log names no PIN and no address: a failed attempt is 'anonymous' with its reason.
    // Refusals while locked are logged once per lockout scope and 15 minutes, so a flood of requests
    // cannot become a flood of D1 writes (wrong PINs themselves are capped by the lockout).
    if (result.outcome === 'wrong-pin' || (result.outcome === 'locked' && (await firstLockedRefusal(c.env, result.scope, clientKey(c))))) {
      await recordAudit(c.env.DB, { actor: 'anonymous', action: 'staff.sign-in-failed', details: { reason: result.outcome } });
    }
    if (result.outcome === 'locked') {
      const knownBrowsers = result.scope === 'untrusted' ? ' Browsers that have signed in here before can still sign in.' : '';
      throw new AppError('rate_limited', `Too many PIN attempts. Try again in ${humanSeconds(result.retryAfterSeconds)}.${knownBrowsers}`, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
    if (result.outcome === 'wrong-pin') throw new AppError('unauthorized', 'Incorrect PIN code');
    if (result.outcome === 'pin-accepted') {
      // STAFF_REQUIRE_PASSKEY: no session yet; a passkey completes this PIN step (admin-session-passkey.ts).
      await recordAudit(c.env.DB, { actor: result.pinStep.id, action: 'staff.pin-accepted' });
      setCookie(c, STAFF_PIN_STEP_COOKIE, result.pinStepToken, { ...COOKIE_OPTIONS, maxAge: PIN_STEP_TTL_SECONDS });
      setCookie(c, STAFF_DEVICE_COOKIE, result.deviceCookie, { ...COOKIE_OPTIONS, maxAge: DEVICE_COOKIE_TTL_SECONDS });
      return c.json({ success: true, authenticated: false, passkeyRequired: true, pinAccepted: true, expiresAt: null });
    }
    await recordAudit(c.env.DB, { actor: result.session.id, action: 'staff.sign-in' });
    // The session cookie first: clients that read one Set-Cookie line get the session.
    setCookie(c, STAFF_COOKIE, result.token, { ...COOKIE_OPTIONS, maxAge: STAFF_SESSION_TTL_SECONDS });
    setCookie(c, STAFF_DEVICE_COOKIE, result.deviceCookie, { ...COOKIE_OPTIONS, maxAge: DEVICE_COOKIE_TTL_SECONDS });
    return c.json({ success: true, authenticated: true, expiresAt: result.session.expiresAt });
  })
  .get('/', async (c) => {
    const session = await readStaffSession(c.env.SESSIONS, getCookie(c, STAFF_COOKIE));
    const required = passkeyRequired(c.env);
    const pinStep = required && !session ? await readPinStep(c.env.SESSIONS, getCookie(c, STAFF_PIN_STEP_COOKIE)) : null;
    const status: StaffSessionStatus = {
      success: true,
      authenticated: session !== null,
      expiresAt: session?.expiresAt ?? null,
      passkeyRequired: required,
      pinAccepted: pinStep !== null,
    };
    return c.json(status);
  })
  // Signing out keeps the device cookie: this browser stays a known one (OWASP device cookies).
  .delete('/', sameOriginWrites, async (c) => {
    const token = getCookie(c, STAFF_COOKIE);
    const session = await readStaffSession(c.env.SESSIONS, token);
    await endStaffSession(c.env.SESSIONS, token);
    if (session) await recordAudit(c.env.DB, { actor: session.id, action: 'staff.sign-out' });
    deleteCookie(c, STAFF_COOKIE, COOKIE_OPTIONS);
    return c.json({ success: true, authenticated: false });
  });
