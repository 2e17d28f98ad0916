import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { DEVICE_COOKIE_TTL_SECONDS } from '../durable-objects/login-guard';
import type { AppBindings } from '../env';
import { clientKey } from '../lib/client';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { humanSeconds } from '../middleware/rate-limit';
import { sameOriginWrites } from '../middleware/same-origin';
import {
  SITE_VISIT_COOKIE,
  SITE_VISIT_DEVICE_COOKIE,
  SITE_VISIT_SESSION_TTL_SECONDS,
  readSiteVisitSession,
  unlockSiteVisits,
} from '../services/staff/site-visit-access';
import { STAFF_COOKIE, readStaffSession } from '../services/staff/session';
import { WRONG_PHRASE_MESSAGE, siteVisitUnlockSchema, type SiteVisitSessionStatus } from '../shared/site-visits-api';

const COOKIE_OPTIONS = { httpOnly: true, secure: true, sameSite: 'Strict', path: '/' } as const;

/** Staff spec 2.11: the site-visit workspace's access-phrase gate, checked here like the staff PIN. */
export const siteVisitRoutes = new Hono<AppBindings>()
  .post('/unlock', sameOriginWrites, jsonBody(1024), validate('json', siteVisitUnlockSchema), async (c) => {
    const result = await unlockSiteVisits(c.env, {
      guess: c.req.valid('json').phrase,
      clientKey: clientKey(c),
      deviceCookie: getCookie(c, SITE_VISIT_DEVICE_COOKIE),
    });
    if (result.outcome === 'locked') {
      const knownBrowsers = result.scope === 'untrusted' ? ' Browsers that have unlocked site visits here before can still unlock.' : '';
      throw new AppError(
        'rate_limited',
        `Too many access attempts. Try again in ${humanSeconds(result.retryAfterSeconds)}.${knownBrowsers}`,
        {
          retryAfterSeconds: result.retryAfterSeconds,
        },
      );
    }
    if (result.outcome === 'wrong-pin') throw new AppError('unauthorized', WRONG_PHRASE_MESSAGE);
    setCookie(c, SITE_VISIT_COOKIE, result.token, { ...COOKIE_OPTIONS, maxAge: SITE_VISIT_SESSION_TTL_SECONDS });
    setCookie(c, SITE_VISIT_DEVICE_COOKIE, result.deviceCookie, { ...COOKIE_OPTIONS, maxAge: DEVICE_COOKIE_TTL_SECONDS });
    return c.json({ success: true as const, unlocked: true, expiresAt: result.session.expiresAt });
  })
  // Public read: says only whether this browser may open the site visits (its unlock, or a staff
  // session, which opens them too: middleware/site-visit-access.ts); no visit data.
  .get('/session', async (c) => {
    const session =
      (await readSiteVisitSession(c.env.SESSIONS, getCookie(c, SITE_VISIT_COOKIE))) ??
      (await readStaffSession(c.env.SESSIONS, getCookie(c, STAFF_COOKIE)));
    const status: SiteVisitSessionStatus = { success: true, unlocked: session !== null, expiresAt: session?.expiresAt ?? null };
    return c.json(status);
  });
