import type { MiddlewareHandler } from 'hono';
import type { AppBindings } from '../env';
import { publicRouteFor } from '../public-routes';
import { requireStaff } from './require-staff';
import { isSiteVisitRecordRoute, requireSiteVisitAccess } from './site-visit-access';

/**
 * Default deny (DESIGN.md section 7): on /api/*, a request that is not on the reviewed public
 * allowlist (worker/public-routes.ts) needs a staff session, whether or not its route remembered
 * requireStaff. Unknown API paths are denied too, so anonymous callers cannot map the staff API.
 * The site-visit records also open to the site-visit unlock (middleware/site-visit-access.ts).
 */
export const defaultDeny: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (publicRouteFor(c.req.method, c.req.path)) return next();
  if (isSiteVisitRecordRoute(c.req.method, c.req.path)) return requireSiteVisitAccess(c, next);
  return requireStaff(c, next);
};
