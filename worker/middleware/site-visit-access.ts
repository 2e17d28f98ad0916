import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { TrieRouter } from 'hono/router/trie-router';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { STAFF_COOKIE, readStaffSession } from '../services/staff/session';
import { SITE_VISIT_COOKIE, readSiteVisitSession } from '../services/staff/site-visit-access';
import { SITE_VISIT_ACCESS_REQUIRED } from '../shared/site-visit-records';
import { assertSameOriginWrite } from './same-origin';

// The site-visit records (staff spec 2.11; DESIGN.md section 7): the consultants' visits and
// workspace notes open to the site-visit unlock (the access phrase) as well as to a staff session.
// default-deny.ts sends these paths here instead of to requireStaff; everything else stays staff-only.
const SITE_VISIT_RECORD_ROUTES: ReadonlyArray<readonly [string, string]> = [
  ['GET', '/api/site-visits/state'],
  ['POST', '/api/site-visits/sync'],
  ['POST', '/api/site-visits/visits'],
  ['PATCH', '/api/site-visits/visits/:id'],
  ['DELETE', '/api/site-visits/visits/:id'],
  ['POST', '/api/site-visits/notes'],
  ['PATCH', '/api/site-visits/notes/:id'],
  ['DELETE', '/api/site-visits/notes/:id'],
  ['GET', '/api/site-visits/booked'],
];

const router = new TrieRouter<true>();
for (const [method, path] of SITE_VISIT_RECORD_ROUTES) router.add(method, path, true);

/** Whether a request is for the site-visit records (HEAD counts as GET, as in Hono). */
export function isSiteVisitRecordRoute(method: string, path: string): boolean {
  return router.match(method === 'HEAD' ? 'GET' : method, path)[0].length > 0;
}

/**
 * A staff session or the site-visit unlock, else 401; a write from another site, 403. The audit
 * actor (staffActor) is the staff session's id, or the unlock's 'V-...' id.
 */
export const requireSiteVisitAccess: MiddlewareHandler<AppBindings> = async (c, next) => {
  assertSameOriginWrite(c);
  const staff = await readStaffSession(c.env.SESSIONS, getCookie(c, STAFF_COOKIE));
  if (staff) {
    c.set('staffSessionId', staff.id);
    return next();
  }
  const unlock = await readSiteVisitSession(c.env.SESSIONS, getCookie(c, SITE_VISIT_COOKIE));
  if (!unlock) throw new AppError('unauthorized', SITE_VISIT_ACCESS_REQUIRED);
  c.set('staffSessionId', unlock.id ?? 'V-unknown');
  await next();
};
