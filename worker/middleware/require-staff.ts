import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { STAFF_COOKIE, readStaffSession } from '../services/staff/session';
import { assertSameOriginWrite } from './same-origin';

/** Guard for every staff API: a valid staff session cookie, or 401; a write from another site, 403. */
export const requireStaff: MiddlewareHandler<AppBindings> = async (c, next) => {
  assertSameOriginWrite(c);
  const session = await readStaffSession(c.env.SESSIONS, getCookie(c, STAFF_COOKIE));
  if (!session) throw new AppError('unauthorized', 'Staff sign-in required. Sign in with the staff PIN and try again.');
  c.set('staffSessionId', session.id ?? 'S-unknown');
  await next();
};
