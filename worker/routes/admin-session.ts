import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { clientAddress } from '../lib/client';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { humanSeconds } from '../middleware/rate-limit';
import { staffSignInSchema } from '../shared/schemas';
import {
  STAFF_COOKIE,
  STAFF_SESSION_TTL_SECONDS,
  configuredPin,
  constantTimeEqual,
  createStaffSession,
  endStaffSession,
  readStaffSession,
} from '../services/staff-session';

const COOKIE_OPTIONS = { httpOnly: true, secure: true, sameSite: 'Strict', path: '/' } as const;

/** DESIGN.md section 7: staff sign-in by PIN, a KV session behind an HttpOnly cookie. */
export const adminSessionRoutes = new Hono<AppBindings>()
  .post('/', jsonBody(1024), validate('json', staffSignInSchema), async (c) => {
    const pin = configuredPin(c.env.ADMIN_PIN);
    const guard = c.env.LOGIN_GUARD.get(c.env.LOGIN_GUARD.idFromName('staff-pin'));
    const client = clientAddress(c);
    const verdict = await guard.beginAttempt(client);
    if (!verdict.allowed) {
      throw new AppError('rate_limited', `Too many PIN attempts. Try again in ${humanSeconds(verdict.retryAfterSeconds)}.`, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
    const correct = constantTimeEqual(c.req.valid('json').pin, pin);
    await guard.recordResult(client, correct);
    if (!correct) throw new AppError('unauthorized', 'Incorrect PIN code');
    const { token, session } = await createStaffSession(c.env.SESSIONS);
    setCookie(c, STAFF_COOKIE, token, { ...COOKIE_OPTIONS, maxAge: STAFF_SESSION_TTL_SECONDS });
    return c.json({ success: true, authenticated: true, expiresAt: session.expiresAt });
  })
  .get('/', async (c) => {
    const session = await readStaffSession(c.env.SESSIONS, getCookie(c, STAFF_COOKIE));
    return c.json({ success: true, authenticated: session !== null, expiresAt: session?.expiresAt ?? null });
  })
  .delete('/', async (c) => {
    await endStaffSession(c.env.SESSIONS, getCookie(c, STAFF_COOKIE));
    deleteCookie(c, STAFF_COOKIE, COOKIE_OPTIONS);
    return c.json({ success: true, authenticated: false });
  });
