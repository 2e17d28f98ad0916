import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { STAFF_COOKIE, readStaffSession } from '../services/staff/session';
import { assertSameOriginWrite } from './same-origin';

const UNKNOWN_STAFF_ACTOR = 'S-unknown';

/** Who did it, for the audit log: the staff session's short id that requireStaff set (DESIGN.md section 7). */
export function staffActor(c: { get: (key: 'staffSessionId') => string | undefined }): string {
  return c.get('staffSessionId') ?? UNKNOWN_STAFF_ACTOR;
}

/** Guard for every staff API: a valid staff session cookie, or 401; a write from another site, 403. */
export const requireStaff: MiddlewareHandler<AppBindings> = async (c, next) => {
  assertSameOriginWrite(c);
  const session = await readStaffSession(c.env.SESSIONS, getCookie(c, STAFF_COOKIE));
  if (!session) throw new AppError('unauthorized', 'Staff sign-in required. Sign in with the staff PIN and try again.');
  c.set('staffSessionId', session.id ?? UNKNOWN_STAFF_ACTOR);
  await next();
};
